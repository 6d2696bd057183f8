import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpsGame, OpsVendor } from '@portal/contracts';
import { pageOf, renderConsoleAt } from '../../operator-test-server';

const slow = { timeout: 5000 };

function buildVendor(overrides: Partial<OpsVendor> = {}): OpsVendor {
  return {
    vassalage: 'DS88',
    name: 'DS88 Sabong',
    categories: ['COCKFIGHT'],
    enabled: true,
    sortOrder: 3,
    maintenance: false,
    maintenanceMessage: null,
    gameCount: 12,
    enabledGameCount: 10,
    ...overrides,
  };
}

function buildGame(overrides: Partial<OpsGame> = {}): OpsGame {
  return {
    id: 41,
    vassalage: 'DS88',
    gameCode: 'ds88-main',
    name: 'Main arena',
    gameType: 'COCKFIGHT',
    iconUrl: '/media/games/ds88-main.svg',
    enabled: true,
    sortOrder: 1,
    isHot: false,
    ...overrides,
  };
}

describe('the console catalogue section', () => {
  it('lets the owner switch a vendor off after the confirm dialog', async () => {
    let enabled = true;
    const { requests } = await renderConsoleAt(
      '/operator/catalogue',
      {
        'GET /ops/games/vendors': () => ({ value: [buildVendor({ enabled })] }),
        'PUT /ops/games/vendors/DS88': (request) => {
          enabled = (request.body as { enabled: boolean }).enabled;
          return {
            value: { ...buildVendor({ enabled }), orphanWinPolicy: 'refuse', maxWinMultiplier: 10000 },
          };
        },
      },
      { role: 'owner' },
    );
    const table = await screen.findByRole('table', { name: 'Vendors' }, slow);
    const row = within(table).getByText('DS88 Sabong').closest('tr')!;
    expect(within(row).getByText('10 of 12')).toBeTruthy();
    expect(within(row).getByText('On')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Switch off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off DS88 Sabong?' });
    expect(dialog.textContent).toContain('Its games leave the lobby');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await screen.findByText('DS88 Sabong is off.', undefined, slow);
    await within(table).findByText('Off', undefined, slow);
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ enabled: false });
  });

  it("sets a vendor's order and maintenance message, and a game's hot flag", async () => {
    const { requests } = await renderConsoleAt(
      '/operator/catalogue',
      {
        'GET /ops/games/vendors': { value: [buildVendor()] },
        'PUT /ops/games/vendors/DS88': {
          value: { ...buildVendor(), orphanWinPolicy: 'refuse', maxWinMultiplier: 10000 },
        },
        'GET /ops/games/games': { value: pageOf([buildGame()]) },
        'PUT /ops/games/games/41': { value: { gameId: 41, enabled: null, sortOrder: null, isHot: true } },
      },
      { role: 'owner' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Order and maintenance' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'DS88 Sabong: order and maintenance' });
    fireEvent.change(within(dialog).getByLabelText('Order'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByLabelText(/Under maintenance/));
    fireEvent.change(within(dialog).getByLabelText('Maintenance message'), {
      target: { value: 'Back at noon' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('DS88 Sabong saved.', undefined, slow);
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      sortOrder: 1,
      maintenance: true,
      maintenanceMessage: 'Back at noon',
    });

    fireEvent.click(screen.getByRole('link', { name: 'Games of DS88 Sabong' }));
    const games = await screen.findByRole('table', { name: 'Games of DS88' }, slow);
    fireEvent.click(within(games).getByLabelText('Main arena hot'));
    await waitFor(() =>
      expect(requests.find((request) => request.url.pathname === '/ops/games/games/41')?.body).toEqual({
        isHot: true,
      }),
    );
    const list = requests.find((request) => request.url.pathname === '/ops/games/games');
    expect(list?.url.searchParams.get('vendor')).toBe('DS88');
  });

  it('shows the catalogue without switches to other roles', async () => {
    await renderConsoleAt(
      '/operator/catalogue/DS88',
      {
        'GET /ops/games/games': { value: pageOf([buildGame({ isHot: true })]) },
      },
      { role: 'content' },
    );
    const games = await screen.findByRole('table', { name: 'Games of DS88' }, slow);
    expect(within(games).getByText('Main arena')).toBeTruthy();
    expect(within(games).queryByRole('checkbox')).toBeNull();
    expect(within(games).getAllByText('Yes')).toHaveLength(2);
  });
});
