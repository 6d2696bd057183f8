import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

const slow = { timeout: 5000 };

describe('BGS routes', () => {
  it('render a game page without the portal shell (it lives in the game popup)', async () => {
    await renderApp('/bgs/play/bgs-slot');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain(
      'This game opens from the portal',
    );
    expect(document.querySelector('.app-shell')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('render the verify page with its form', async () => {
    await renderApp('/bgs/verify');
    expect(await screen.findByRole('heading', { name: 'Verify a round' }, slow)).toBeTruthy();
    expect(screen.getByLabelText('Server seed (revealed)')).toBeTruthy();
    expect(document.querySelector('.app-shell')).toBeNull();
  });

  it('answer an unknown game by name', async () => {
    await renderApp('/bgs/play/no-such-game?session=abc');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toContain('no-such-game');
  });
});
