import type { BonusGrant, BonusWallet, Leaderboard, PlayerActivity } from '@portal/contracts';

/** Reward test data with overrides; shapes follow the contracts (packages/contracts/src/rewards.ts). */
export function buildActivity(overrides: Partial<PlayerActivity> = {}): PlayerActivity {
  return {
    id: '1',
    kind: 'first_deposit',
    title: 'Welcome bonus',
    promotionId: null,
    startsAt: '2026-03-01T12:00:00.000Z',
    endsAt: '2026-04-01T12:00:00.000Z',
    status: 'claim',
    action: 'claim',
    amount: '100.00',
    rules: { kind: 'first_deposit', percent: '100.00', cap: '1000.00', minDeposit: '100.00' },
    wageringMultiplier: 10,
    withdrawRule: 'refuse',
    requiresContact: false,
    allowComments: false,
    streak: null,
    progress: null,
    ...overrides,
  };
}

/** A daily mission under its target: wager ฿500.00 on slots today for ฿20.00, ฿120.00 wagered so far. */
export function buildMission(overrides: Partial<PlayerActivity> = {}): PlayerActivity {
  return buildActivity({
    id: '21',
    kind: 'mission',
    title: 'Slot sprint',
    status: 'signed',
    action: null,
    amount: null,
    rules: {
      kind: 'mission',
      period: 'day',
      metric: 'valid_bet',
      gameType: 'RNG',
      target: '500.00',
      reward: '20.00',
    },
    wageringMultiplier: 1,
    progress: { current: '120.00', target: '500.00' },
    ...overrides,
  });
}

/** A weekly valid-bet leaderboard paying ฿1,000.00, ฿500.00, then ฿100.00 to ranks 3 to 5. */
export function buildLeaderboardActivity(overrides: Partial<PlayerActivity> = {}): PlayerActivity {
  return buildActivity({
    id: '31',
    kind: 'leaderboard',
    title: 'Weekly high rollers',
    status: 'signed',
    action: null,
    amount: null,
    rules: {
      kind: 'leaderboard',
      period: 'week',
      metric: 'valid_bet',
      prizes: ['1000.00', '500.00', '100.00', '100.00', '100.00'],
    },
    wageringMultiplier: 0,
    endsAt: null,
    ...overrides,
  });
}

/**
 * A leaderboard's standings (missionLeaderboard): six players (the sixth without a prize), the caller
 * 2nd, and last week's winners.
 */
export function buildLeaderboard(overrides: Partial<Leaderboard> = {}): Leaderboard {
  return {
    activityId: '31',
    title: 'Weekly high rollers',
    period: {
      key: 'week:2026-W10@Asia/Bangkok',
      start: '2026-03-01T17:00:00.000Z',
      end: '2026-03-08T17:00:00.000Z',
    },
    prizes: ['1000.00', '500.00', '100.00', '100.00', '100.00'],
    entries: [
      { rank: 1, player: 'so***ai', figure: '9000.00', prize: '1000.00', mine: false },
      { rank: 2, player: 'te***er', figure: '340.00', prize: '500.00', mine: true },
      { rank: 3, player: 'ni***ng', figure: '200.00', prize: '100.00', mine: false },
      { rank: 4, player: 'ma***ee', figure: '150.00', prize: '100.00', mine: false },
      { rank: 5, player: 'ar***un', figure: '90.00', prize: '100.00', mine: false },
      { rank: 6, player: 'ch***ai', figure: '12.50', prize: null, mine: false },
    ],
    me: { rank: 2, figure: '340.00' },
    winners: {
      periodKey: 'week:2026-W09@Asia/Bangkok',
      entries: [{ rank: 1, player: 'pa***on', figure: '15000.00', prize: '1000.00', mine: false }],
    },
    ...overrides,
  };
}

export function buildBonus(overrides: Partial<BonusGrant> = {}): BonusGrant {
  return {
    id: '11',
    activityTitle: 'Welcome bonus',
    amount: '100.00',
    wageringRequired: '1000.00',
    wageringDone: '250.00',
    status: 'wagering',
    withdrawRule: 'refuse',
    issuedAt: '2026-03-02T10:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

export function buildBonusWallet(overrides: Partial<BonusWallet> = {}): BonusWallet {
  return {
    balance: '100.00',
    spendingOrder: 'locked',
    withdrawal: 'refused',
    forfeitAmount: '0.00',
    bonuses: [buildBonus()],
    ...overrides,
  };
}
