import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { buildPermission, buildWhitelabel } from '../../test/fixtures';
import { setPreferredColorScheme, setViewportWidth } from '../../test/happy-dom';
import { sideMenuCollapsedKey } from './app-layout';

afterEach(() => {
  setViewportWidth(1024);
});

async function sideMenu() {
  return screen.findByRole('complementary', { name: 'Side menu' });
}

describe('side menu', () => {
  it('draws download QR codes for the Android and iOS resources', async () => {
    await renderApp('/');
    const menu = await sideMenu();
    expect(
      await within(menu).findByRole('img', { name: 'QR code to download the Android app' }),
    ).toBeTruthy();
    expect(await within(menu).findByRole('img', { name: 'QR code to download the iOS app' })).toBeTruthy();
  });

  it('lists customer service and the Telegram, Facebook and WhatsApp links', async () => {
    await renderApp('/');
    const menu = await sideMenu();
    const chat = await within(menu).findByRole('link', { name: 'Live chat' });
    expect(chat.getAttribute('href')).toBe('https://chat.example.test/room/1');
    const community = within(menu).getByRole('heading', { name: 'Community' }).closest('section');
    if (!community) throw new Error('no community section');
    const names = within(community)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Telegram', 'Facebook', 'WhatsApp']);
  });

  it('leaves out sections the merchant has no data for', async () => {
    await renderApp('/', {
      replies: {
        '/wps/system/permission': { value: buildPermission({ resources: [], customerService: [] }) },
      },
    });
    const menu = await sideMenu();
    await waitFor(() => expect(within(menu).queryByRole('status')).toBeNull());
    expect(within(menu).queryByRole('heading', { name: 'Download the app' })).toBeNull();
    expect(within(menu).queryByRole('heading', { name: 'Customer service' })).toBeNull();
  });

  it('collapses to icons and remembers it', async () => {
    await renderApp('/');
    const menu = await sideMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Collapse menu' }));
    expect(window.localStorage.getItem(sideMenuCollapsedKey)).toBe('1');
    const expand = within(menu).getByRole('button', { name: 'Expand menu' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    // Links keep their accessible names while collapsed.
    expect(within(menu).getByRole('link', { name: 'Promotions' })).toBeTruthy();
    expect(within(menu).queryByRole('combobox', { name: 'Language' })).toBeNull();
  });

  it('starts collapsed when the visitor collapsed it before', async () => {
    window.localStorage.setItem(sideMenuCollapsedKey, '1');
    await renderApp('/');
    const menu = await sideMenu();
    expect(within(menu).getByRole('button', { name: 'Expand menu' })).toBeTruthy();
  });

  it('switches language from the selector, offering the merchant languages', async () => {
    const { i18n } = await renderApp('/');
    const menu = await sideMenu();
    const select = await within(menu).findByRole('combobox', { name: 'Language' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['English', 'ไทย']);
    fireEvent.change(select, { target: { value: 'TY' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับสู่ Lucky Star' })).toBeTruthy();
    expect(i18n.language).toBe('TY');
    expect(window.localStorage.getItem('language')).toBe('TY');
    expect(document.documentElement.lang).toBe('th');
  });

  it('hides the selector when the merchant offers one language, and switches to its default', async () => {
    const { i18n } = await renderApp('/', {
      replies: {
        '/wps/system/whitelabel': { value: buildWhitelabel({ languages: ['TY'], defaultLanguage: 'TY' }) },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ยินดีต้อนรับสู่ Lucky Star' })).toBeTruthy();
    expect(i18n.language).toBe('TY');
    expect(screen.queryByRole('combobox')).toBeNull();
    // The merchant's default is not the visitor's choice, so nothing is remembered.
    expect(window.localStorage.getItem('language')).toBeNull();
  });
});

describe('mobile drawer', () => {
  it('opens from the hamburger, traps focus, and closes with Escape', async () => {
    setViewportWidth(500);
    await renderApp('/');
    const menu = await sideMenu();
    expect(menu.hasAttribute('inert')).toBe(true);

    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    hamburger.focus();
    fireEvent.click(hamburger);

    const drawer = await screen.findByRole('dialog', { name: 'Side menu' });
    expect(drawer.hasAttribute('inert')).toBe(false);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    await waitFor(() => expect(document.activeElement).toBe(close));

    // Shift+Tab from the first element wraps to the last one inside the drawer.
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(close);

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Side menu' })).toBeNull());
    expect(document.activeElement).toBe(hamburger);
  });

  it('closes after following a link', async () => {
    setViewportWidth(500);
    const { router } = await renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Side menu' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'Promotions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/promotions'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Side menu' })).toBeNull());
  });
});

describe('header', () => {
  it('toggles the theme and persists the choice', async () => {
    setPreferredColorScheme('dark');
    await renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Switch to light theme' });
    await waitFor(() => expect(document.documentElement.getAttribute('data-theme')).toBe('dark'));
    fireEvent.click(toggle);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
  });

  it('hides the theme toggle when the merchant offers one theme', async () => {
    await renderApp('/', {
      replies: {
        '/wps/system/whitelabel': { value: buildWhitelabel({ themes: ['light'], defaultTheme: 'light' }) },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome to Lucky Star' });
    expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});

describe('footer', () => {
  it('shows products, contact, social links and the vendor badges', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'In-house games' }).getAttribute('href')).toBe('/bgs');
    expect(await within(footer).findByRole('link', { name: 'Live chat' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'YouTube' })).toBeTruthy();
    const vendors = within(footer).getByRole('list', { name: 'Game providers' });
    expect(
      within(vendors)
        .getAllByRole('img')
        .map((badge) => badge.getAttribute('aria-label')),
    ).toEqual(['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']);
  });
});
