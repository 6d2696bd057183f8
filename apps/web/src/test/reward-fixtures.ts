import type { BonusGrant, BonusWallet, PlayerActivity } from '@portal/contracts';

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
    streak: null,
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
    withdrawal: 'refused',
    forfeitAmount: '0.00',
    bonuses: [buildBonus()],
    ...overrides,
  };
}
