import type { PointsBalance, PointsConfig, PointsItem, PointsRecord, PointsRedeem } from '@portal/contracts';

/** Test data of the points mall; shapes follow the contracts exactly (decision 0033). */
export function buildPointsBalance(overrides: Partial<PointsBalance> = {}): PointsBalance {
  return { balance: '1250', held: '0', owed: '0', vip: { level: 2, name: 'Gold' }, ...overrides };
}

export function buildPointsConfig(overrides: Partial<PointsConfig> = {}): PointsConfig {
  return {
    earningEnabled: true,
    rates: { live: '0.01', lottery: '0.02', poker: '0', slots: '0.01', sports: '0.005', deposit: '0.1' },
    convertEnabled: false,
    convertRatio: '100',
    vipBasis: 'valid_bet',
    vipTiers: [
      { level: 1, name: 'Silver', threshold: '1000', levelUpReward: null },
      { level: 2, name: 'Gold', threshold: '10000', levelUpReward: '50.00' },
      { level: 3, name: 'Platinum', threshold: '100000', levelUpReward: '500.00' },
    ],
    ...overrides,
  };
}

export function buildPointsItem(overrides: Partial<PointsItem> = {}): PointsItem {
  return {
    id: '1',
    kind: 'cash',
    name: 'Cash ฿10',
    description: '',
    imageUrl: null,
    pointsPerUnit: '100',
    amountPerUnit: '10.00',
    minUnits: 1,
    maxUnits: 5,
    stock: null,
    minVipLevel: 0,
    needsAddress: false,
    needsPaymentPassword: true,
    ...overrides,
  };
}

/** A goods item: an address and phone, no password. */
export function buildGoodsItem(overrides: Partial<PointsItem> = {}): PointsItem {
  return buildPointsItem({
    id: '2',
    kind: 'physical',
    name: 'Team jersey',
    description: 'Official home jersey, size L',
    imageUrl: 'https://cdn.example.test/jersey.png',
    pointsPerUnit: '800',
    amountPerUnit: null,
    minUnits: 1,
    maxUnits: 1,
    stock: 3,
    needsAddress: true,
    needsPaymentPassword: false,
    ...overrides,
  });
}

export function buildPointsRedeem(overrides: Partial<PointsRedeem> = {}): PointsRedeem {
  return {
    reference: '9001',
    appliedAt: '2026-03-02T08:00:00.000Z',
    itemId: '1',
    itemName: 'Cash ฿10',
    itemKind: 'cash',
    units: 2,
    pointsRequirement: '200',
    amountRequirement: '20.00',
    paymentAccount: 'main',
    receivingAddress: null,
    phone: null,
    status: 'in_process',
    remark: '',
    decidedAt: null,
    ...overrides,
  };
}

export function buildPointsRecord(overrides: Partial<PointsRecord> = {}): PointsRecord {
  return {
    reference: '5001',
    type: 'slots',
    time: '2026-03-01T08:00:00.000Z',
    changedPoints: '12.50',
    pointsBalance: '1250',
    remark: '',
    ...overrides,
  };
}

/** A page of a list as the server answers it. */
export function pageOfItems<T>(items: T[], page = 1, pageSize = 20, total = items.length) {
  return { items, page, pageSize, total };
}
