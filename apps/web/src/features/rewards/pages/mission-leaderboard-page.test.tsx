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
const path = '/member?tab=missionLeaderboard';
const info = { '/wps/member/info': { value: buildMemberInfo() } };

/** The weekly deposit mission, one deposit of two made. */
const depositMission = buildMission({
  id: '22',
  title: 'Two deposits',
  rules: {
    kind: 'mission',
    period: 'week',
    metric: 'deposit_count',
    gameType: null,
    target: '2',
    reward: '50.00',
  },
  progress: { current: '1', target: '2' },
});

/** A daily lottery mission whose target is reached: ready to claim. */
const lotteryMission = buildMission({
  id: '23',
  title: 'Lottery regular',
  status: 'claim',
  action: 'claim',
  amount: '20.00',
  rules: {
    kind: 'mission',
    period: 'day',
    metric: 'bet_count',
    gameType: 'LOTT',
    target: '10',
    reward: '20.00',
  },
  progress: { current: '10', target: '10' },
});

describe('missions and leaderboards', () => {
  it('groups the missions by day and week with their progress, and claims a reached one', async () => {
    storeTestSession();
    const claims: RecordedRequest[] = [];
    let claimed = false;
    await renderApp(path, {
      replies: {
        ...info,
        '/wps/relay/message_unreadCount': () => ({
          value: { missions: claimed ? 0 : 1, messages: 0, rewards: 0 },
        }),
        '/wps/rewards/activities': () => ({
          value: {
            activities: [
              buildActivity(),
              buildMission(),
              depositMission,
              claimed ? { ...lotteryMission, status: 'claimed', action: null, amount: null } : lotteryMission,
            ],
          },
        }),
        '/wps/rewards/activities/23/claim': (request) => {
          claims.push(request);
          claimed = true;
          return { value: { status: 'issued', amount: '20.00', replayed: false } };
        },
      },
    });
    const daily = await screen.findByRole('region', { name: 'Daily missions' }, slow);
    const weekly = screen.getByRole('region', { name: 'Weekly missions' });
    // Only missions: the first-deposit bonus stays in the reward centre.
    expect(screen.queryByText('Welcome bonus')).toBeNull();
    const cardTitles = (group: HTMLElement) =>
      within(group)
        .getAllByRole('heading', { level: 5 })
        .map((heading) => heading.textContent);
    expect(cardTitles(daily)).toEqual(['Slot sprint', 'Lottery regular']);
    expect(cardTitles(weekly)).toEqual(['Two deposits']);

    const sprint = within(daily).getByRole('listitem', { name: 'Slot sprint' });
    expect(within(sprint).getByText('Mission')).toBeTruthy();
    expect(within(sprint).getByText('Wager ฿500.00 on Slots (RNG) today')).toBeTruthy();
    expect(
      within(sprint).getByText('Reward ฿20.00, to claim once each day you reach the target'),
    ).toBeTruthy();
    expect(within(sprint).getByText('Wager 1× the bonus before withdrawal')).toBeTruthy();
    const bar = within(sprint).getByRole('progressbar', { name: 'Progress of Slot sprint' });
    expect(bar.getAttribute('aria-valuenow')).toBe('120');
    expect(bar.getAttribute('aria-valuemax')).toBe('500');
    expect(bar.getAttribute('aria-valuetext')).toBe('฿120.00 of ฿500.00');
    expect(within(sprint).queryByRole('button')).toBeNull();

    const deposits = within(weekly).getByRole('listitem', { name: 'Two deposits' });
    expect(within(deposits).getByText('Make 2 deposits this week')).toBeTruthy();
    expect(within(deposits).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('1 of 2 deposits');

    const lottery = within(daily).getByRole('listitem', { name: 'Lottery regular' });
    expect(within(lottery).getByText('Play 10 rounds of Lottery (LOTT) today')).toBeTruthy();
    expect(within(lottery).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('10 of 10 bets');
    expect(within(lottery).getByText('Status: Ready to claim')).toBeTruthy();
    expect(within(lottery).getByText('You can claim ฿20.00 now')).toBeTruthy();

    // The tab's badge counts the missions with something to claim, and goes once it is claimed.
    const tabs = screen.getByRole('navigation', { name: 'Member centre pages' });
    const tab = within(tabs).getByRole('link', { name: /Missions and leaderboard/ });
    expect((await within(tab).findByLabelText('1 to claim', {}, slow)).textContent).toBe('1');
    fireEvent.click(within(lottery).getByRole('button', { name: 'Claim' }));
    const status = await within(lottery).findByRole('status', {}, slow);
    await waitFor(() => expect(status.textContent).toBe('You claimed ฿20.00. Status: Issued.'));
    expect(claims.map((request) => request.method)).toEqual(['POST']);
    await waitFor(() => expect(within(lottery).getByText('Status: Claimed')).toBeTruthy());
    await waitFor(() => expect(tab.querySelector('.badge')).toBeNull());
    expect(screen.getByText('No leaderboard at the moment')).toBeTruthy();
  });

  it("shows a leaderboard's period, prizes, standings, the caller's place and last week's winners", async () => {
    storeTestSession();
    await renderApp(path, {
      replies: {
        ...info,
        '/wps/rewards/activities': { value: { activities: [buildLeaderboardActivity()] } },
        '/wps/rewards/activities/31/leaderboard': { value: buildLeaderboard() },
      },
    });
    const board = await screen.findByRole('article', { name: 'Weekly high rollers' }, slow);
    expect(screen.getByText('No missions at the moment')).toBeTruthy();
    expect(
      await within(board).findByText(/^This week's ranking, Mar \d, 2026.* to Mar \d, 2026/, {}, slow),
    ).toBeTruthy();
    expect(
      within(board).getByText('Prizes: 1st ฿1,000.00, 2nd ฿500.00, 3rd to 5th ฿100.00 each'),
    ).toBeTruthy();
    expect(within(board).getByText('You are 2nd with ฿340.00')).toBeTruthy();

    const table = within(board).getByRole('table', { name: 'Standings of Weekly high rollers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Rank', 'Player', 'Valid bet', 'Prize']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1st', 'so***ai', '฿9,000.00', '฿1,000.00']);
    expect(within(rows[1]!).getByText('te***er (you)')).toBeTruthy();
    expect(
      within(rows[5]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['6th', 'ch***ai', '฿12.50', '—No prize']);

    const winners = within(board).getByRole('region', { name: 'Last winners (week 9 of 2026)' });
    const [winner] = within(winners).getAllByRole('listitem');
    expect(winner!.textContent).toBe('1st pa***on valid bet ฿15,000.00 won ฿1,000.00');
  });

  it('says when nobody is ranked yet and no period has been paid, for each leaderboard', async () => {
    storeTestSession();
    await renderApp(path, {
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: {
            activities: [
              buildLeaderboardActivity(),
              buildLeaderboardActivity({
                id: '32',
                title: 'Daily race',
                rules: { kind: 'leaderboard', period: 'day', metric: 'valid_bet', prizes: ['300.00'] },
              }),
            ],
          },
        },
        '/wps/rewards/activities/31/leaderboard': {
          value: buildLeaderboard({ entries: [], me: { rank: null, figure: '0.00' }, winners: null }),
        },
        '/wps/rewards/activities/32/leaderboard': {
          value: buildLeaderboard({
            activityId: '32',
            title: 'Daily race',
            prizes: ['300.00'],
            entries: [{ rank: 1, player: 'so***ai', figure: '800.00', prize: '300.00', mine: false }],
            me: { rank: null, figure: '5.00' },
            winners: {
              periodKey: 'day:2026-03-01@Asia/Bangkok',
              entries: [{ rank: 1, player: 'pa***on', figure: '900.00', prize: '300.00', mine: false }],
            },
          }),
        },
      },
    });
    const weekly = await screen.findByRole('article', { name: 'Weekly high rollers' }, slow);
    expect(await within(weekly).findByText('Not ranked yet', {}, slow)).toBeTruthy();
    expect(within(weekly).getByText('No valid bets yet')).toBeTruthy();
    expect(within(weekly).queryByRole('table')).toBeNull();
    expect(
      within(weekly).getByText('No winners yet: the prizes are paid when the first period closes.'),
    ).toBeTruthy();

    const daily = screen.getByRole('article', { name: 'Daily race' });
    expect(await within(daily).findByText('Not ranked yet (your valid bet: ฿5.00)', {}, slow)).toBeTruthy();
    expect(within(daily).getByText(/^Today's ranking, /)).toBeTruthy();
    expect(within(daily).getByText('Prizes: 1st ฿300.00')).toBeTruthy();
    expect(within(daily).getByRole('region', { name: 'Last winners (Mar 1, 2026)' })).toBeTruthy();
  });

  it("offers a retry when a leaderboard's standings fail", async () => {
    storeTestSession();
    let fail = true;
    await renderApp(path, {
      replies: {
        ...info,
        '/wps/rewards/activities': { value: { activities: [buildLeaderboardActivity()] } },
        '/wps/rewards/activities/31/leaderboard': () =>
          fail ? failure(500, 'internal_error') : { value: buildLeaderboard() },
      },
    });
    const board = await screen.findByRole('article', { name: 'Weekly high rollers' }, slow);
    const alert = await within(board).findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(board).findByText('You are 2nd with ฿340.00', {}, slow)).toBeTruthy();
  });

  it('says when there is neither a mission nor a leaderboard', async () => {
    storeTestSession();
    await renderApp(path, {
      replies: { ...info, '/wps/rewards/activities': { value: { activities: [buildActivity()] } } },
    });
    expect(await screen.findByText('No missions at the moment', {}, slow)).toBeTruthy();
    expect(screen.getByText('No leaderboard at the moment')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Missions', level: 3 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Leaderboards', level: 3 })).toBeTruthy();
  });

  it("speaks Thai: missions, progress, prizes, standings and the caller's place", async () => {
    storeTestSession();
    window.localStorage.setItem(languageStorageKey, 'TY');
    await renderApp(path, {
      language: 'TY',
      replies: {
        ...info,
        '/wps/rewards/activities': {
          value: { activities: [buildMission(), depositMission, buildLeaderboardActivity()] },
        },
        '/wps/rewards/activities/31/leaderboard': { value: buildLeaderboard() },
      },
    });
    const daily = await screen.findByRole('region', { name: 'ภารกิจรายวัน' }, slow);
    const sprint = within(daily).getByRole('listitem', { name: 'Slot sprint' });
    expect(within(sprint).getByText('ภารกิจ')).toBeTruthy();
    expect(within(sprint).getByText('เดิมพัน ฿500.00 ในเกมสล็อต (RNG) วันนี้')).toBeTruthy();
    expect(within(sprint).getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '฿120.00 จาก ฿500.00',
    );
    const weekly = screen.getByRole('region', { name: 'ภารกิจรายสัปดาห์' });
    expect(within(weekly).getByText('ฝากเงิน 2 ครั้ง สัปดาห์นี้')).toBeTruthy();
    expect(within(weekly).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('ฝากแล้ว 1 จาก 2 ครั้ง');

    const board = screen.getByRole('article', { name: 'Weekly high rollers' });
    expect(
      await within(board).findByText(
        'รางวัล: อันดับ 1 ฿1,000.00, อันดับ 2 ฿500.00, อันดับ 3 ถึงอันดับ 5 คนละ ฿100.00',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(within(board).getByText('คุณอยู่อันดับ 2 ด้วยยอด ฿340.00')).toBeTruthy();
    const table = within(board).getByRole('table', { name: 'อันดับของ Weekly high rollers' });
    expect(within(table).getByRole('columnheader', { name: 'ยอดเดิมพันที่ถูกต้อง' })).toBeTruthy();
    expect(within(table).getByText('te***er (คุณ)')).toBeTruthy();
    expect(within(board).getByRole('region', { name: 'ผู้ชนะรอบล่าสุด (สัปดาห์ที่ 9 ของปี 2026)' })).toBeTruthy();
  });
});
