import type { ReferralView } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { languageStorageKey } from '../../../i18n';
import { buildMemberInfo, storeTestSession } from '../../../test/fake-identity';
import { buildWhitelabel } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const base = buildWhitelabel();
// The referral tab is offered with the merchant's referral promotion only.
const offered = {
  '/wps/member/info': { value: buildMemberInfo() },
  '/wps/system/whitelabel': {
    value: buildWhitelabel({ modules: { ...base.modules, referralPromotion: true } }),
  },
};

function buildReferral(overrides: Partial<ReferralView> = {}): ReferralView {
  return {
    code: 'K7QM2XPA',
    link: 'https://lucky.example/register?referralCode=K7QM2XPA',
    activity: {
      id: '7',
      title: 'Invite a friend',
      minDeposit: '100.00',
      referrerReward: '50.00',
      friendReward: '50.00',
      claimable: '50.00',
      waiting: 2,
    },
    friends: [
      { name: 'fr***1', registeredAt: '2026-03-02T08:00:00.000Z', status: 'qualified', reward: '50.00' },
      { name: 'fr***2', registeredAt: '2026-03-01T08:00:00.000Z', status: 'rewarded', reward: '50.00' },
      {
        name: 'sa***e',
        registeredAt: '2026-02-28T08:00:00.000Z',
        status: 'refused_same_device',
        reward: null,
      },
      { name: 'ne***w', registeredAt: '2026-02-27T08:00:00.000Z', status: 'registered', reward: null },
    ],
    friendCount: 4,
    earned: '50.00',
    ...overrides,
  };
}

describe('referral (member centre)', () => {
  it('shows the code, the link with its copy button and QR code, the rewards and each friend’s status', async () => {
    storeTestSession();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderApp('/member?tab=referral', {
      replies: { ...offered, '/wps/rewards/referral': { value: buildReferral() } },
    });

    const invite = await screen.findByRole('region', { name: 'Your invitation' }, slow);
    expect(within(invite).getByText('Your referral code').nextElementSibling?.textContent).toBe('K7QM2XPA');
    const link = within(invite).getByLabelText<HTMLInputElement>('Your referral link');
    expect(link.value).toBe('https://lucky.example/register?referralCode=K7QM2XPA');
    expect(within(invite).getByRole('img', { name: 'QR code of your referral link' })).toBeTruthy();
    fireEvent.click(within(invite).getByRole('button', { name: 'Copy link' }));
    expect(await within(invite).findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://lucky.example/register?referralCode=K7QM2XPA');

    const rewards = screen.getByRole('region', { name: 'Referral rewards' });
    expect(
      within(rewards).getByText(
        'When a friend who registered with your code deposits ฿100.00 or more, you receive ฿50.00 and your friend receives ฿50.00',
      ),
    ).toBeTruthy();
    expect(within(rewards).getByText('Rewards earned').nextElementSibling?.textContent).toBe('฿50.00');
    expect(within(rewards).getByText('Ready to claim').nextElementSibling?.textContent).toBe('2');

    const friends = within(screen.getByRole('region', { name: 'Invited friends (4)' })).getAllByRole(
      'listitem',
    );
    expect(friends).toHaveLength(4);
    expect(within(friends[0]!).getByText('Deposited: reward ready')).toBeTruthy();
    expect(within(friends[0]!).getByText('฿50.00 to claim')).toBeTruthy();
    expect(within(friends[1]!).getByText('Rewarded')).toBeTruthy();
    expect(within(friends[1]!).getByText('You received ฿50.00')).toBeTruthy();
    expect(within(friends[2]!).getByText('Refused: same device as yours')).toBeTruthy();
    expect(within(friends[3]!).getByText('Registered, waiting for a deposit')).toBeTruthy();
    expect(within(friends[3]!).getByText(/^Registered Feb 27, 2026/)).toBeTruthy();
  });

  it('claims the next reward and reads the page again', async () => {
    storeTestSession();
    let claimed = false;
    const claims: string[] = [];
    const { server } = await renderApp('/member?tab=referral', {
      replies: {
        ...offered,
        '/wps/rewards/referral': () => ({
          value: claimed
            ? buildReferral({ activity: { ...buildReferral().activity!, claimable: null, waiting: 0 } })
            : buildReferral(),
        }),
        '/wps/rewards/activities/7/claim': (request) => {
          claims.push(request.method);
          claimed = true;
          return { value: { status: 'claimed', amount: '50.00', replayed: false } };
        },
      },
    });
    const rewards = await screen.findByRole('region', { name: 'Referral rewards' }, slow);
    fireEvent.click(within(rewards).getByRole('button', { name: 'Claim ฿50.00' }));
    expect(await within(rewards).findByText('You claimed ฿50.00. Status: Claimed.', {}, slow)).toBeTruthy();
    expect(claims).toEqual(['POST']);
    await waitFor(() => expect(within(rewards).queryByRole('button', { name: /Claim/ })).toBeNull());
    expect(
      server.requests.filter((request) => request.url.pathname === '/wps/rewards/referral').length,
    ).toBeGreaterThan(1);
  });

  it('shows an empty list, and says when no referral reward runs', async () => {
    storeTestSession();
    await renderApp('/member?tab=referral', {
      replies: {
        ...offered,
        '/wps/rewards/referral': {
          value: buildReferral({ activity: null, friends: [], friendCount: 0, earned: '0.00' }),
        },
      },
    });
    expect(await screen.findByText('No friends invited yet', {}, slow)).toBeTruthy();
    expect(screen.getByText(/No referral reward is running at the moment/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Claim/ })).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    storeTestSession();
    let fail = true;
    await renderApp('/member?tab=referral', {
      replies: {
        ...offered,
        '/wps/rewards/referral': () =>
          fail
            ? { status: 403, body: { success: false, value: null, message: 'off', code: 'referral_off' } }
            : { value: buildReferral() },
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Inviting friends is not offered here.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Your invitation' }, slow)).toBeTruthy();
  });

  it('speaks Thai', async () => {
    storeTestSession();
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/member?tab=referral', {
      language: 'TY',
      replies: { ...offered, '/wps/rewards/referral': { value: buildReferral() } },
    });
    expect(await screen.findByRole('region', { name: 'คำเชิญของคุณ' }, slow)).toBeTruthy();
    expect(screen.getByText('ถูกปฏิเสธ: อุปกรณ์เดียวกับของคุณ')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'คัดลอกลิงก์' })).toBeTruthy();
  });
});
