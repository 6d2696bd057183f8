import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/fake-server';
import { languageStorageKey } from '../../../i18n';
import { buildMemberInfo, failure, storeTestSession } from '../../../test/fake-identity';
import {
  buildActivity,
  buildLeaderboard,
  buildLeaderboardActivity,
  buildMission,
} from '../../../test/reward-fixtures';
import { renderApp } from '../../../test/render-app';

const slow = { timeout: 5000 };
const json = (request: RecordedRequest) => JSON.parse(request.body ?? 'null') as Record<string, unknown>;
const info = { '/wps/member/info': { value: buildMemberInfo() } };

/** The card of one activity, found by its title. */
async function card(title: string) {
  return screen.findByRole('listitem', { name: title }, slow);
}

describe('reward centre', () => {
  it('shows each activity with its kind, terms in plain words, dates, status and button', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildActivity(),
              buildActivity({
                id: '2',
                kind: 'cashback',
                title: 'Weekly cashback',
                status: 'join',
                action: 'join',
                amount: null,
                rules: {
                  kind: 'cashback',
                  basis: 'net_loss',
                  percent: '5.00',
                  cap: '500.00',
                  period: 'week',
                },
                wageringMultiplier: 0,
                endsAt: null,
              }),
              buildActivity({
                id: '3',
                kind: 'sign_in',
                title: 'Daily sign-in',
                status: 'signed',
                action: null,
                amount: null,
                rules: { kind: 'sign_in', amounts: ['10.00', '10.00', '20.00', '50.00'] },
                streak: 2,
                wageringMultiplier: 1,
                withdrawRule: 'forfeit',
              }),
              buildActivity({ id: '4', title: 'Songkran special', status: 'coming_soon', action: null }),
              buildActivity({
                id: '5',
                title: 'Old reload',
                status: 'close',
                action: null,
                kind: 'reload_deposit',
              }),
            ],
          },
        },
      },
    });
    const welcome = await card('Welcome bonus');
    expect(within(welcome).getByText('First deposit bonus')).toBeTruthy();
    expect(
      within(welcome).getByText('100% of your first deposit up to ฿1,000.00, minimum deposit ฿100.00'),
    ).toBeTruthy();
    expect(within(welcome).getByText('Wager 10× the bonus before withdrawal')).toBeTruthy();
    expect(within(welcome).getByText('Withdrawals are refused until the wagering is met')).toBeTruthy();
    expect(within(welcome).getByText('Status: Ready to claim')).toBeTruthy();
    expect(within(welcome).getByText('You can claim ฿100.00 now')).toBeTruthy();
    expect(within(welcome).getByText(/^Mar 1, 2026.* to Apr 1, 2026/)).toBeTruthy();
    const claim = within(welcome).getByRole('button', { name: 'Claim' });
    expect(claim.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(claim.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Welcome bonus',
    );

    const cashback = await card('Weekly cashback');
    expect(
      within(cashback).getByText(
        '5% of your net loss (bets minus wins) of the previous week back, up to ฿500.00',
      ),
    ).toBeTruthy();
    expect(within(cashback).getByText('No wagering: the bonus is released at once')).toBeTruthy();
    expect(within(cashback).getByText(/no end date/)).toBeTruthy();
    expect(within(cashback).getByText('Status: Open to join')).toBeTruthy();
    expect(within(cashback).getByRole('button', { name: 'Join' })).toBeTruthy();

    const signIn = await card('Daily sign-in');
    expect(
      within(signIn).getByText(
        'Sign in on consecutive days: days 1 to 2 ฿10.00 each · day 3 ฿20.00 · day 4 and every day after ฿50.00',
      ),
    ).toBeTruthy();
    expect(within(signIn).getByText('Your current streak: 2 days')).toBeTruthy();
    expect(
      within(signIn).getByText('Withdrawing before the wagering is met forfeits the bonus'),
    ).toBeTruthy();
    expect(within(signIn).getByText('Status: Joined')).toBeTruthy();
    expect(within(signIn).queryByRole('button')).toBeNull();

    expect(within(await card('Songkran special')).getByText('Status: Coming soon')).toBeTruthy();
    const closed = await card('Old reload');
    expect(within(closed).getByText('Status: Closed')).toBeTruthy();
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it('shows missions with their progress and leaderboards with their prizes', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildMission(),
              buildMission({
                id: '24',
                title: 'Busy week',
                rules: {
                  kind: 'mission',
                  period: 'week',
                  metric: 'bet_count',
                  gameType: null,
                  target: '1',
                  reward: '5.00',
                },
                progress: { current: '0', target: '1' },
                wageringMultiplier: 0,
              }),
              buildLeaderboardActivity(),
            ],
          },
        },
        '/wps/rewards/activities/31/leaderboard': { value: buildLeaderboard() },
      },
    });
    const mission = await card('Slot sprint');
    expect(within(mission).getByText('Mission')).toBeTruthy();
    expect(within(mission).getByText('Wager ฿500.00 on Slots (RNG) today')).toBeTruthy();
    expect(
      within(mission)
        .getByRole('progressbar', { name: 'Progress of Slot sprint' })
        .getAttribute('aria-valuetext'),
    ).toBe('฿120.00 of ฿500.00');
    expect(within(mission).getByText('Status: Joined')).toBeTruthy();

    const week = await card('Busy week');
    expect(within(week).getByText('Place 1 bet this week')).toBeTruthy();
    expect(within(week).getByText('Reward ฿5.00, to claim once each week you reach the target')).toBeTruthy();
    expect(within(week).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('0 of 1 bet');

    const board = await card('Weekly high rollers');
    expect(within(board).getByText('Leaderboard')).toBeTruthy();
    expect(
      within(board).getByText(
        'Top players by valid bet each week win: 1st ฿1,000.00, 2nd ฿500.00, 3rd to 5th ฿100.00 each',
      ),
    ).toBeTruthy();
    expect(
      within(board).getByText('Prizes are paid into the bonus wallet automatically when the week closes'),
    ).toBeTruthy();
    expect(within(board).queryByRole('progressbar')).toBeNull();
    expect(within(board).queryByRole('button')).toBeNull();
    fireEvent.click(within(board).getByRole('link', { name: 'See the standings' }));
    expect(await screen.findByRole('article', { name: 'Weekly high rollers' }, slow)).toBeTruthy();
  });

  it('claims, shows what was paid, and reads the list, the balance and the badge counts again', async () => {
    storeTestSession();
    const claims: RecordedRequest[] = [];
    const reads = { activities: 0, info: 0, unread: 0 };
    let claimed = false;
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        '/wps/member/info': () => {
          reads.info += 1;
          return { value: buildMemberInfo() };
        },
        '/wps/relay/message_unreadCount': () => {
          reads.unread += 1;
          return { value: { missions: 0, messages: 0, rewards: claimed ? 0 : 1 } };
        },
        '/wps/rewards/activities': () => {
          reads.activities += 1;
          return {
            value: {
              activities: [
                claimed ? buildActivity({ status: 'process', action: null, amount: null }) : buildActivity(),
              ],
            },
          };
        },
        '/wps/rewards/activities/1/claim': (request) => {
          claims.push(request);
          claimed = true;
          return { value: { status: 'issued', amount: '100.00', replayed: false } };
        },
      },
    });
    const welcome = await card('Welcome bonus');
    // The tab list and the side menu both show the counts: wait until their first reads are in.
    await waitFor(() => expect(reads.unread).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = { ...reads };
    fireEvent.click(within(welcome).getByRole('button', { name: 'Claim' }));
    const status = await within(welcome).findByRole('status', {}, slow);
    await waitFor(() => expect(status.textContent).toBe('You claimed ฿100.00. Status: Issued.'));
    expect(claims).toHaveLength(1);
    expect(claims[0]!.method).toBe('POST');
    expect(json(claims[0]!)).toEqual({});
    await waitFor(() => expect(within(welcome).getByText('Status: Wagering in progress')).toBeTruthy());
    expect(reads.activities).toBeGreaterThan(before.activities);
    expect(reads.info).toBeGreaterThan(before.info);
    expect(reads.unread).toBeGreaterThan(before.unread);
    expect(within(welcome).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('joins an activity', async () => {
    storeTestSession();
    const joined: string[] = [];
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': () => ({
          value: {
            activities: [
              joined.length > 0
                ? buildActivity({ status: 'signed', action: null, amount: null })
                : buildActivity({ status: 'join', action: 'join', amount: null }),
            ],
          },
        }),
        '/wps/rewards/activities/1/join': (request) => {
          joined.push(request.method);
          return { value: buildActivity({ status: 'signed', action: null, amount: null }) };
        },
      },
    });
    const activity = await card('Welcome bonus');
    fireEvent.click(within(activity).getByRole('button', { name: 'Join' }));
    expect(await within(activity).findByText('You joined this activity.', {}, slow)).toBeTruthy();
    expect(joined).toEqual(['POST']);
    expect(within(activity).getByText('Status: Joined')).toBeTruthy();
  });

  it('shows the refusal of a claim in words', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities/1/claim': failure(409, 'activity_nothing_to_claim'),
        '/wps/rewards/activities': { value: { activities: [buildActivity()] } },
      },
    });
    const activity = await card('Welcome bonus');
    fireEvent.click(within(activity).getByRole('button', { name: 'Claim' }));
    expect((await within(activity).findByRole('alert', {}, slow)).textContent).toBe(
      "There is nothing to claim yet. Check the activity's terms.",
    );
  });

  it('says when there is no activity', async () => {
    storeTestSession();
    await renderApp('/member?tab=rewardCenter', { replies: info });
    expect(await screen.findByText('No activities at the moment', {}, slow)).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    storeTestSession();
    let fail = true;
    await renderApp('/member?tab=rewardCenter', {
      replies: {
        ...info,
        '/wps/rewards/activities': () =>
          fail ? failure(500, 'internal_error') : { value: { activities: [buildActivity()] } },
      },
    });
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card('Welcome bonus')).toBeTruthy();
  });

  it('speaks Thai: statuses, kinds and buttons', async () => {
    storeTestSession();
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp('/member?tab=rewardCenter', {
      language: 'TY',
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildActivity(),
              buildActivity({ id: '2', title: 'B', status: 'applying', action: null }),
            ],
          },
        },
      },
    });
    const welcome = await card('Welcome bonus');
    expect(within(welcome).getByText('โบนัสฝากครั้งแรก')).toBeTruthy();
    expect(within(welcome).getByText('สถานะ: พร้อมรับ')).toBeTruthy();
    expect(within(welcome).getByRole('button', { name: 'รับรางวัล' })).toBeTruthy();
    expect(within(await card('B')).getByText('สถานะ: อยู่ระหว่างตรวจสอบ')).toBeTruthy();
  });
});
