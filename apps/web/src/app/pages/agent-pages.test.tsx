import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildContractFlags } from '../../test/agent-fixtures';
import { buildMemberInfo, failure, storeTestSession } from '../../test/fake-identity';
import { buildPermission, buildWhitelabel } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const slow = { timeout: 5000 };
const agentInfo = { '/wps/member/info': { value: buildMemberInfo({ type: 2 }) } };

/** The agent centre's page region (the frame's content, titled by the open menu entry). */
async function agentPage(title: string) {
  const main = await screen.findByRole('main', {}, slow);
  const regions = await within(main).findAllByRole('region', { name: title }, slow);
  // The frame's region comes first; a page may title a section of its own the same way.
  return regions[0]!;
}

describe('agent centre composition', () => {
  it("shows the member-side deposit page inside the agent centre's frame", async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=deposit', {
      replies: {
        ...agentInfo,
        '/wps/payments/channels': {
          value: [
            {
              id: 1,
              type: 'manual_bank',
              name: 'Bank transfer',
              minAmount: '100.00',
              maxAmount: '50000.00',
              bankName: 'Kasikorn Bank',
              accountNumber: '1234567890',
              accountHolder: 'Demo Portal Co., Ltd.',
            },
          ],
        },
        '/wps/payments/deposits': { value: { items: [], page: 1, pageSize: 20, total: 0 } },
      },
    });
    const page = await agentPage('Deposit');
    expect(await within(page).findByText('1234567890', {}, slow)).toBeTruthy();
    expect(within(page).getByRole('button', { name: 'Submit deposit' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Agent menu' });
    expect(within(menu).getByRole('link', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the betting record and the messages of the member side', async () => {
    storeTestSession(2);
    const { router } = await renderApp('/agentHome?page=personalHistoryCopy', {
      replies: {
        ...agentInfo,
        '/wps/relay/bet_records': {
          value: {
            items: [],
            page: 1,
            pageSize: 20,
            total: 0,
            totalPages: 0,
            from: '2026-03-01',
            to: '2026-03-07',
          },
        },
        '/wps/relay/message_list': { value: { items: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 } },
        '/wps/relay/message_unreadCount': { value: { missions: 0, messages: 0, rewards: 0 } },
      },
    });
    const records = await agentPage('Betting record');
    expect(await within(records).findByText('No bets in this period', {}, slow)).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Agent menu' })).getByRole('link', { name: 'Messages' }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?page=messages'));
    const messages = await agentPage('Messages');
    expect(await within(messages).findByRole('list', { name: 'Unread' }, slow)).toBeTruthy();
  });

  it("lists the merchant's live chats and contacts, and opens the feedback form", async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=customerService', { replies: agentInfo });
    const page = await agentPage('Customer service');
    expect(await within(page).findByRole('button', { name: 'Live chat' }, slow)).toBeTruthy();
    const contacts = within(page).getByRole('region', { name: 'Other ways to reach us' });
    expect(within(contacts).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe(
      'https://t.me/lucky',
    );
    expect(within(contacts).getByRole('link', { name: 'WhatsApp' })).toBeTruthy();
    fireEvent.click(within(page).getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Feedback' }, slow)).toBeTruthy();
  });

  it('shows the contract pages the consolidated flags switch on, with the pending requests as a badge', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentTeamOverview', {
      replies: {
        ...agentInfo,
        '/wps/agent/contracts/consolidated': {
          value: buildContractFlags({
            dailysalreqtype: { enabled: true, pending: 1 },
            divtypereq: { enabled: true, pending: 2 },
          }),
        },
      },
    });
    const menu = await screen.findByRole('navigation', { name: 'Agent menu' }, slow);
    const requests = await within(menu).findByRole('link', { name: /Contract requests/ }, slow);
    expect(requests.getAttribute('href')).toBe('/agentHome?page=contractRequests');
    expect(within(requests).getByLabelText('3 requests awaiting your answer').textContent).toBe('3');
    expect(within(menu).getByRole('link', { name: 'Daily salary' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Dividend records' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Hourly salary' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Real-time salary' })).toBeNull();
  });

  it('hides every contract page when no kind is on, and says so on a direct visit', async () => {
    storeTestSession(2);
    await renderApp('/agentHome?page=agentHourSalary', {
      replies: {
        ...agentInfo,
        '/wps/agent/contracts/consolidated': {
          value: buildContractFlags({ dailysalreqtype: { enabled: true } }),
        },
      },
    });
    const page = await agentPage('Hourly salary');
    expect(
      await within(page).findByText('Hourly salary is not enabled for your site', {}, slow),
    ).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Agent menu' });
    expect(within(menu).queryByRole('link', { name: 'Hourly salary' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Daily salary' })).toBeTruthy();
  });

  it('keeps the contract pages out of the menu while the flags cannot be read, with a retry on the page', async () => {
    storeTestSession(2);
    let reads = 0;
    await renderApp('/agentHome?page=contractRequests', {
      replies: {
        ...agentInfo,
        '/wps/agent/contracts/consolidated': () => {
          reads += 1;
          return reads === 1 ? failure(500, 'internal_error') : { value: buildContractFlags() };
        },
      },
    });
    const page = await agentPage('Contract requests');
    const alert = await within(page).findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Something went wrong on our side');
    const menu = screen.getByRole('navigation', { name: 'Agent menu' });
    expect(within(menu).queryByRole('link', { name: /Contract requests/ })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await within(page).findByText('Contract requests is not enabled for your site', {}, slow),
    ).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Daily salary' })).toBeNull();
  });
});

describe('side menu invite friends', () => {
  it('leads an agent to the register centre', async () => {
    storeTestSession(41);
    await renderApp('/', { replies: { '/wps/member/info': { value: buildMemberInfo({ type: 41 }) } } });
    const menu = await screen.findByRole('complementary', { name: 'Side menu' }, slow);
    const invite = await within(menu).findByRole('link', { name: 'Invite friends' }, slow);
    expect(invite.getAttribute('href')).toBe('/agentHome?page=registerCenter');
  });

  it('leads a member to the referral page only with the referral promotion', async () => {
    storeTestSession(0);
    const whitelabel = buildWhitelabel({
      modules: { ...buildWhitelabel().modules, referralPromotion: true },
    });
    const withReferral = await renderApp('/', {
      replies: {
        '/wps/member/info': { value: buildMemberInfo() },
        '/wps/system/whitelabel': { value: whitelabel },
        '/wps/system/permission': { value: buildPermission({ whitelabel }) },
      },
    });
    const menu = await screen.findByRole('complementary', { name: 'Side menu' }, slow);
    const invite = await within(menu).findByRole('link', { name: 'Invite friends' }, slow);
    expect(invite.getAttribute('href')).toBe('/member?tab=referral');
    withReferral.unmount();

    await renderApp('/', { replies: { '/wps/member/info': { value: buildMemberInfo() } } });
    const plain = await screen.findByRole('complementary', { name: 'Side menu' }, slow);
    await within(plain).findByRole('link', { name: /Messages/ }, slow);
    expect(within(plain).queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });
});
