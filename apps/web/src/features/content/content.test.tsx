import type { Announcement, Banner } from '@portal/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '../../test/render-app';
import { FeedbackDialog } from './feedback/feedback-dialog';
import { MessagesPage } from './pages/messages-page';
import { bannerTarget } from './lib/banner-target';
import { rememberPopup, shownPopups } from './lib/popup-memory';
import { RichContent } from '../../components/ui/rich-content';

describe('operator HTML', () => {
  it('renders the server-sanitized HTML as markup, not as text', () => {
    const html =
      '<p>Hi <b>there</b> <a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a></p>';
    render(<RichContent html={html} />);
    expect(screen.getByText('there').tagName).toBe('B');
    const link = screen.getByRole('link', { name: 'ok' });
    expect(link.getAttribute('href')).toBe('https://ok.example');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('banner targets', () => {
  it('maps each linkage type to where a click goes', () => {
    expect(bannerTarget({ linkageType: 'URL', linkageValue: 'https://a.example' })).toEqual({
      kind: 'external',
      href: 'https://a.example',
    });
    expect(bannerTarget({ linkageType: 'PROMOTION', linkageValue: '12' })).toEqual({
      kind: 'route',
      to: '/promotions#12',
    });
    expect(bannerTarget({ linkageType: 'ROUTE', linkageValue: '//evil.example' })).toEqual({ kind: 'none' });
    expect(bannerTarget({ linkageType: 'GAME', linkageValue: 'BGS:bgs-dice' })).toEqual({
      kind: 'route',
      to: '/bgs?vassalage=BGS&gameCode=bgs-dice',
    });
    expect(bannerTarget({ linkageType: 'NONE', linkageValue: null })).toEqual({ kind: 'none' });
  });
});

describe('first view', () => {
  afterEach(() => {
    // Unmount while the stubs stand: the idle hooks cancel their callbacks on unmount.
    cleanup();
    vi.unstubAllGlobals();
  });

  /** Holds requestIdleCallback's work until the test says the browser is idle. */
  function holdIdleWork(): () => void {
    const pending: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (work: IdleRequestCallback) => pending.push(work));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    return () => {
      for (const work of pending.splice(0)) work({ didTimeout: false, timeRemaining: () => 50 });
    };
  }

  it("loads the carousel's other pictures and the service widget once the browser is idle", async () => {
    const idle = holdIdleWork();
    const banners: Banner[] = ['welcome', 'weekend', 'inhouse'].map((name, index) => ({
      id: String(index + 1),
      url: `/content/banner-${name}.svg`,
      linkageType: 'NONE',
      linkageValue: null,
      groupName: 'w_home',
      title: `Banner ${name}`,
    }));
    await renderApp('/', { replies: { '/wps/relay/banner_list': { value: banners } } });
    await screen.findByRole('img', { name: 'Banner welcome' }, { timeout: 5000 });
    // Home's carousel (the fake server answers every banner group with the same list).
    const carousel = document.querySelector<HTMLElement>('.banner-carousel--w_home')!;
    const sources = () =>
      banners.map((banner) => within(carousel).getByAltText(banner.title).getAttribute('src'));
    expect(sources()).toEqual(['/content/banner-welcome.svg', null, null]);
    expect(screen.queryByRole('complementary', { name: /Customer service/ })).toBeNull();
    act(idle);
    await waitFor(() => expect(sources()).toEqual(banners.map((banner) => banner.url)));
    expect(
      await screen.findByRole('complementary', { name: /Customer service/ }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('popups', () => {
  it('keeps separate once-per-session memories for visitors and members', () => {
    rememberPopup(false, '7');
    expect(shownPopups(false).has('7')).toBe(true);
    expect(shownPopups(true).has('7')).toBe(false);
  });

  it('shows a popup on home once per session', async () => {
    window.sessionStorage.clear();
    const popup: Announcement = {
      id: '41',
      contentType: 'PU',
      platform: 'W',
      title: 'Big weekend',
      // As the server serves it: sanitized on every read (decision 0017).
      content: '<p>Double points <b>all weekend</b></p>',
      announcementImages: [],
      popupExecution: 'A',
      startsAt: null,
      endsAt: null,
    };
    const replies = { '/wps/relay/announcement_popups': { value: [popup] } };
    const first = await renderApp('/', { replies });
    const dialog = await screen.findByRole('dialog', { name: 'Big weekend' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('Double points');
    expect(screen.getByText('all weekend').tagName).toBe('B');
    // The dialog's own close button (its action button is named Close too).
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Big weekend' })).toBeNull());
    first.unmount();
    const second = await renderApp('/', { replies });
    await waitFor(() =>
      expect(
        second.server.requests.some((request) => request.url.pathname.endsWith('announcement_popups')),
      ).toBe(true),
    );
    expect(screen.queryByRole('dialog', { name: 'Big weekend' })).toBeNull();
  });
});

describe('feedback dialog', () => {
  it('names the empty fields together, followed by "is empty"', async () => {
    await renderWithProviders(<FeedbackDialog loggedIn={false} onClose={() => undefined} />, {
      replies: { '/wps/captcha': { value: 'iVBORw0KGgo=', headers: { 'x-captcha-id': 'c1' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Question type, Description, Your contact, Verification code is empty',
    );
  });

  it('sends type, description, sender, captcha and images to PUT /wps/feedback', async () => {
    const { server } = await renderWithProviders(
      <FeedbackDialog loggedIn={false} onClose={() => undefined} />,
      {
        replies: {
          '/wps/captcha': { value: 'iVBORw0KGgo=', headers: { 'x-captcha-id': 'cap-1' } },
          '/wps/feedback': { value: { id: '9' } },
        },
      },
    );
    fireEvent.change(await screen.findByLabelText('Question type *', {}, { timeout: 5000 }), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Description *'), {
      target: { value: 'My withdrawal has been pending since noon.' },
    });
    expect(screen.getByText('42 / 200 (at least 20)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your contact *'), { target: { value: 'line: somchai' } });
    fireEvent.change(screen.getByLabelText('Verification code *'), { target: { value: 'AB12' } });
    // The code answers the picture shown: send once it is there (its id comes with it; under load the
    // form could otherwise be filled before the picture's request returned).
    await screen.findByRole('img', { name: 'Verification code picture' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Your feedback has reached our team/)).toBeTruthy();
    const sent = server.requests.find((request) => request.url.pathname === '/wps/feedback')!;
    expect(sent.method).toBe('PUT');
    expect(JSON.parse(sent.body!)).toEqual({
      type: 2,
      content: 'My withdrawal has been pending since noon.',
      sender: 'line: somchai',
      captcha: 'AB12',
      captchaId: 'cap-1',
      images: [],
    });
  });
});

describe('messageV2', () => {
  it('lists messages with badges and marks one read when opened', async () => {
    const message = (id: string, read: boolean) => ({
      id,
      title: `Message ${id}`,
      content: `<p>Body ${id}</p>`,
      sentAt: '2026-11-22T10:00:00.000Z',
      read,
    });
    const { server } = await renderWithProviders(<MessagesPage />, {
      replies: {
        '/wps/relay/message_list': {
          value: {
            items: [message('2', false), message('1', true)],
            pageNo: 1,
            pageSize: 10,
            total: 2,
            totalPages: 1,
          },
        },
        '/wps/relay/message_unreadCount': { value: { missions: 0, messages: 1, rewards: 0 } },
        '/wps/relay/message_read': { value: { marked: 1 } },
      },
    });
    await screen.findByText('Message 2', {}, { timeout: 5000 });
    expect(screen.getByText('New')).toBeTruthy();
    const badges = screen.getByRole('list', { name: 'Unread' });
    expect(badges.textContent).toBe('Messages 1Missions 0Rewards 0');
    fireEvent.click(screen.getByText('Message 2'));
    await waitFor(() =>
      expect(
        server.requests.find((request) => request.url.pathname === '/wps/relay/message_read')?.body,
      ).toBe(JSON.stringify({ ids: ['2'] })),
    );
  });
});
