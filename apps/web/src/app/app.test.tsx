import type { LotteryMenu } from '@portal/contracts';
import type { FakeReply } from '../test/fake-server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { buildStatus } from '../test/fixtures';

/** A merchant without lotteries: the lottery pages show their empty state. */
const emptyLotteryMenu: FakeReply<LotteryMenu> = {
  value: { prizeMode: 'LOTT', games: [], betTypes: [], serverTime: '2026-03-01T00:00:00.000Z' },
};

describe('app routing', () => {
  it('renders home with the layout landmarks and the merchant name', async () => {
    await renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Lucky Star' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Side menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
  });

  it('builds the top navigation: home, in-house, then promotions (no categories yet)', async () => {
    await renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual(['Home', 'In-house games', 'Promotions']);
  });

  it('offers visitors log-in and register links in the header', async () => {
    await renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
  });

  it('redirects a lottery route without a session token to /login', async () => {
    const { router } = await renderApp('/lottery?gameCode=VN1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome to Lucky Star' })).toBeTruthy();
  });

  it('opens a lottery route when a session token is stored', async () => {
    window.sessionStorage.setItem('token', 'stored-token');
    const { router } = await renderApp('/seaLottery', {
      replies: { '/lgw/vn/games/game_menu': emptyLotteryMenu },
    });
    // The lottery page is a lazy chunk: its first import in a cold test run takes over a second.
    expect(await screen.findByText('No lotteries here yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/seaLottery');
  });

  it('redirects /agentHome to /agent without an agent session', async () => {
    window.sessionStorage.setItem('token', 'stored-token');
    const { router } = await renderApp('/agentHome');
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
    expect(await screen.findByRole('heading', { name: 'Grow with Lucky Star' })).toBeTruthy();
  });

  it('sends a visitor from the full-page game view (/seamless) to the login popup', async () => {
    const { router } = await renderApp('/seamless?gameId=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hides the side menu on game pages', async () => {
    await renderApp('/vnlottery', { replies: { '/lgw/vn/games/game_menu': emptyLotteryMenu } });
    // The lottery page is a lazy chunk: its first import in a cold test run takes over a second.
    expect(await screen.findByText('No lotteries here yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).toBeNull();
  });

  it('shows the translated 404 page for unknown addresses', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the promotions empty state', async () => {
    await renderApp('/promotions');
    // The page and its texts are lazy chunks (features/content and its i18n namespace).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Promotions' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No promotions right now')).toBeTruthy();
  });

  it('shows the maintenance page instead of any route on status 1', async () => {
    await renderApp('/promotions', {
      replies: { '/wps/system/status': { value: buildStatus({ status: 1 }) } },
    });
    expect(await screen.findByRole('heading', { name: 'Game maintenance' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('switches to the maintenance page when a later status read says so (window focus)', async () => {
    let status = buildStatus();
    await renderApp('/', { replies: { '/wps/system/status': () => ({ value: status }) } });
    expect(await screen.findByRole('heading', { name: 'Welcome to Lucky Star' })).toBeTruthy();

    status = buildStatus({ status: 1, maintenanceMessage: 'Upgrading the wallet' });
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('heading', { name: 'Game maintenance' })).toBeTruthy();
    expect(screen.getByText('Upgrading the wallet')).toBeTruthy();
  });

  it('remembers the merchant code for the merchant header of later calls', async () => {
    await renderApp('/');
    await waitFor(() => expect(window.sessionStorage.getItem('merchantCode')).toBe('LUCKY'));
  });

  it('sets the document title from the route and the merchant', async () => {
    await renderApp('/promotions');
    await waitFor(() => expect(document.title).toBe('Promotions · Lucky Star'));
  });
});

describe('help centre', () => {
  it('opens the help dialog over home and lists the articles', async () => {
    await renderApp('/help');
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    expect(await within(dialog).findByRole('heading', { name: 'How do I deposit?' })).toBeTruthy();
    expect(within(dialog).getByText('Deposits arrive within minutes.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Welcome to Lucky Star', hidden: true })).toBeTruthy();
  });

  it('focuses the article named by #term', async () => {
    await renderApp('/help#withdraw');
    const heading = await screen.findByRole('heading', { name: 'How do I withdraw?' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('asks for the help centre in the current language, web device', async () => {
    const { server } = await renderApp('/help', { language: 'TY' });
    await screen.findByRole('dialog');
    await waitFor(() => {
      const request = server.requests.find((entry) => entry.url.pathname === '/wps/system/helpCenter');
      expect(request?.url.searchParams.get('lang')).toBe('TY');
      expect(request?.url.searchParams.get('device')).toBe('WEB');
    });
  });

  it('closes to home with the close button', async () => {
    const { router } = await renderApp('/help');
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows network abnormal with a retry when the help centre cannot load', async () => {
    await renderApp('/help', { replies: { '/wps/system/helpCenter': { networkError: true } } });
    const dialog = await screen.findByRole('dialog', { name: 'Help centre' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Network abnormal');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('lists help articles in the footer, linking to /help#term', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const link = await within(footer).findByRole('link', { name: 'How do I withdraw?' });
    expect(link.getAttribute('href')).toBe('/help#withdraw');
  });
});
