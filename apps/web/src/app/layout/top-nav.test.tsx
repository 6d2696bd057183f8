import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { countFitting } from './top-nav';

/**
 * happy-dom does no layout, so the widths the navigation measures are given here: the nav is 290 px
 * wide, each link 100 px and the "More" button 80 px, so two links fit beside the button.
 */
function stubWidths(): () => void {
  const offsetWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetWidth');
  const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.classList.contains('top-nav__more-button')) return 80;
      if (this.classList.contains('top-nav__item')) return 100;
      return 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('top-nav') ? 290 : 0;
    },
  });
  // happy-dom's ResizeObserver never calls back; a browser calls it after the layout that follows
  // observe(), and the navigation measures there (never in React's commit, which would force a layout).
  const resizeObserver = globalThis.ResizeObserver;
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      setTimeout(() => this.callback([], this), 0);
    }
    unobserve() {}
    disconnect() {}
  };
  return () => {
    if (offsetWidth) Object.defineProperty(HTMLElement.prototype, 'offsetWidth', offsetWidth);
    if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
    globalThis.ResizeObserver = resizeObserver;
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe('countFitting', () => {
  it('keeps every item when all fit, without room for the button', () => {
    expect(countFitting([100, 100, 100], 300, 80, 0)).toBe(3);
  });

  it('leaves room for the button and the gaps once one item overflows', () => {
    expect(countFitting([100, 100, 100, 100], 330, 80, 0)).toBe(2);
    expect(countFitting([100, 100, 100, 100], 300, 80, 20)).toBe(1);
    expect(countFitting([100], 50, 80, 0)).toBe(0);
  });
});

describe('the top navigation', () => {
  it('moves the links that do not fit into the More menu, which Escape closes', async () => {
    restore = stubWidths();
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const more = await within(nav).findByRole('button', { name: 'More' });
    const items = nav.querySelectorAll('.top-nav__list > li');
    await waitFor(() =>
      expect(Array.from(items).map((item) => item.className)).toEqual([
        'top-nav__item',
        'top-nav__item',
        'top-nav__item top-nav__item--overflow',
      ]),
    );
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(more.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('no More menu');
    expect(menu.hidden).toBe(true);

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Promotions', '/promotions'],
    ]);

    fireEvent.keyDown(links[0]!, { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(more);
  });

  it('closes the menu when one of its links is followed', async () => {
    restore = stubWidths();
    const { router } = await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const more = await within(nav).findByRole('button', { name: 'More' });
    await waitFor(() => expect(nav.querySelector('.top-nav__item--overflow')).not.toBeNull());
    fireEvent.click(more);
    const menu = document.getElementById(more.getAttribute('aria-controls') ?? '')!;
    fireEvent.click(within(menu).getByRole('link', { name: 'Promotions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
    expect(more.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows no More button when every link fits', async () => {
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'In-house games', 'Promotions']);
    expect(nav.querySelector('.top-nav__more')?.className).toContain('top-nav__more--idle');
  });
});
