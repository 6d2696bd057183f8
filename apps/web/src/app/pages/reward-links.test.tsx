import type { Announcement } from '@portal/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/fake-server';
import { buildMemberInfo, storeTestSession } from '../../test/fake-identity';
import { buildWhitelabel } from '../../test/fixtures';
import { buildActivity } from '../../test/reward-fixtures';
import { renderApp } from '../../test/render-app';

const slow = { timeout: 5000 };

function promotion(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: '12',
    contentType: 'PR',
    platform: 'W',
    title: 'Welcome offer',
    content: '<p>Double your first deposit.</p>',
    announcementImages: [],
    popupExecution: null,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}

const promotions = [promotion(), promotion({ id: '13', title: 'Weekend special' })];
const promotionReplies = {
  '/wps/relay/announcement_list': {
    value: { items: promotions, pageNo: 1, pageSize: 9, total: 2, totalPages: 1 },
  },
  '/wps/relay/announcement_detail': (request: RecordedRequest) => ({
    value: promotions.find((item) => item.id === request.url.searchParams.get('id'))!,
  }),
};

describe('reward badges', () => {
  it('badges the reward centre and missions tabs, and the side menu links to the reward centre', async () => {
    storeTestSession();
    await renderApp('/member?tab=securityCenter', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ unreadMessages: 4 }) },
        '/wps/member/sessions': { value: [] },
        '/wps/relay/message_unreadCount': { value: { missions: 3, messages: 4, rewards: 2 } },
      },
    });
    const tabs = await screen.findByRole('navigation', { name: 'Member centre pages' }, slow);
    const rewards = within(tabs).getByRole('link', { name: /Reward centre/ });
    expect(rewards.getAttribute('href')).toBe('/member?tab=rewardCenter');
    expect((await within(rewards).findByLabelText('2 to claim', {}, slow)).textContent).toBe('2');
    const missions = within(tabs).getByRole('link', { name: /Missions and leaderboard/ });
    expect(within(missions).getByLabelText('3 to claim').textContent).toBe('3');
    expect(
      within(within(tabs).getByRole('link', { name: /Messages/ })).getByLabelText('4 unread'),
    ).toBeTruthy();

    const menu = screen.getByRole('navigation', { name: 'Categories' });
    const link = await within(menu).findByRole('link', { name: 'Reward centre, 2 to claim' }, slow);
    expect(link.getAttribute('href')).toBe('/member?tab=rewardCenter');
    fireEvent.click(link);
    expect(await screen.findByText('No activities at the moment', {}, slow)).toBeTruthy();
  });

  it('shows no badge at zero and no reward link for a visitor', async () => {
    storeTestSession();
    const { unmount } = await renderApp('/member?tab=messageV2', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo({ unreadMessages: 0 }) },
        '/wps/relay/message_list': { value: { items: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 } },
        '/wps/relay/message_unreadCount': { value: { missions: 0, messages: 0, rewards: 0 } },
      },
    });
    const tabs = await screen.findByRole('navigation', { name: 'Member centre pages' }, slow);
    const menu = screen.getByRole('navigation', { name: 'Categories' });
    expect(await within(menu).findByRole('link', { name: 'Reward centre' }, slow)).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Reward centre' }).querySelector('.badge')).toBeNull();
    unmount();
    window.sessionStorage.clear();

    // With the referral promotion on, the invite link shows that the menu's lazy links have loaded.
    const base = buildWhitelabel();
    await renderApp('/promotions', {
      replies: {
        '/wps/system/whitelabel': {
          value: buildWhitelabel({ modules: { ...base.modules, referralPromotion: true } }),
        },
      },
    });
    const visitorMenu = await screen.findByRole('navigation', { name: 'Categories' }, slow);
    expect(await within(visitorMenu).findByRole('link', { name: 'Invite friends' }, slow)).toBeTruthy();
    expect(within(visitorMenu).queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(within(visitorMenu).queryByRole('link', { name: /Reward centre/ })).toBeNull();
  });
});

describe('promotion activities', () => {
  it("shows the linked activity's status and button on its promotion, and claims from there", async () => {
    storeTestSession();
    const claims: string[] = [];
    await renderApp('/promotions#12', {
      replies: {
        ...promotionReplies,
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/rewards/activities': {
          value: { activities: [buildActivity({ id: '5', promotionId: '12' }), buildActivity({ id: '6' })] },
        },
        '/wps/rewards/activities/5/claim': (request) => {
          claims.push(request.url.pathname);
          return { value: { status: 'issued', amount: '100.00', replayed: false } };
        },
      },
    });
    const detail = await screen.findByRole('dialog', { name: 'Welcome offer' }, slow);
    expect(await within(detail).findByText('Status: Ready to claim', {}, slow)).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Claim' }));
    expect(await within(detail).findByText('You claimed ฿100.00. Status: Issued.', {}, slow)).toBeTruthy();
    expect(claims).toEqual(['/wps/rewards/activities/5/claim']);

    // The list's card of that promotion carries the same chip; the other promotion has no activity.
    const cards = screen.getAllByRole('listitem', { hidden: true });
    const welcome = cards.find((card) => card.id === 'promotion-12')!;
    const weekend = cards.find((card) => card.id === 'promotion-13')!;
    expect(within(welcome).getByText('Status: Ready to claim', {})).toBeTruthy();
    expect(within(weekend).queryByText(/Status:/)).toBeNull();
  });

  it('offers a visitor the login popup on the promotion, without reading the activities', async () => {
    const { server } = await renderApp('/promotions#12', { replies: promotionReplies });
    const detail = await screen.findByRole('dialog', { name: 'Welcome offer' }, slow);
    fireEvent.click(await within(detail).findByRole('button', { name: 'Log in to take part' }, slow));
    expect(await screen.findByRole('dialog', { name: 'Log in' }, slow)).toBeTruthy();
    expect(server.requests.some((request) => request.url.pathname.startsWith('/wps/rewards'))).toBe(false);
  });
});
