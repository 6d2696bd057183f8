import type {
  AgentFigures,
  AgentInvite,
  AgentTeamOverview,
  Downline,
  DownlinePage,
  RevenueReport,
  StatementPage,
  StatementRow,
  TeamTransaction,
  TeamTransactionPage,
} from '@portal/contracts';

/** Fixtures of the agent centre's replies, shaped by the agent contracts. */

export function buildFigures(overrides: Partial<AgentFigures> = {}): AgentFigures {
  return {
    registrations: 3,
    firstDeposits: 2,
    depositCount: 5,
    deposits: '1500.00',
    withdrawalCount: 1,
    withdrawals: '200.00',
    betCount: 40,
    validBet: '800.00',
    payouts: '650.00',
    bonuses: '25.00',
    profitLoss: '-150.00',
    ...overrides,
  };
}

export function buildOverview(overrides: Partial<AgentTeamOverview> = {}): AgentTeamOverview {
  return {
    from: '2026-03-01',
    to: '2026-03-07',
    members: 12,
    activeMembers: 7,
    figures: buildFigures(),
    days: [
      { day: '2026-03-01', validBet: '100.00', profitLoss: '-20.00' },
      { day: '2026-03-02', validBet: '300.00', profitLoss: '45.50' },
    ],
    asOf: '2026-03-07T10:00:00.000Z',
    ...overrides,
  };
}

export function buildDownline(overrides: Partial<Downline> = {}): Downline {
  return {
    id: 101,
    account: 'nok01',
    nickname: 'Nok',
    type: 0,
    status: 'active',
    level: 1,
    registeredAt: '2026-02-01T08:00:00.000Z',
    lastLoginAt: '2026-03-06T09:00:00.000Z',
    balance: '320.00',
    teamSize: 0,
    validBet: '90.00',
    isAgent: false,
    ...overrides,
  };
}

export function buildDownlinePage(items: Downline[], overrides: Partial<DownlinePage> = {}): DownlinePage {
  return {
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    from: '2026-03-01',
    to: '2026-03-07',
    path: [{ id: 7, account: 'agent07' }],
    ...overrides,
  };
}

export function buildStatementRow(key: string, overrides: Partial<StatementRow> = {}): StatementRow {
  return { ...buildFigures(), key, memberId: null, ...overrides };
}

export function buildStatementPage(
  items: StatementRow[],
  overrides: Partial<StatementPage> = {},
): StatementPage {
  return {
    items,
    page: 1,
    pageSize: 50,
    total: items.length,
    from: '2026-03-01',
    to: '2026-03-07',
    totals: buildFigures({ validBet: '9999.00', profitLoss: '-321.00' }),
    ...overrides,
  };
}

export function buildRevenue(overrides: Partial<RevenueReport> = {}): RevenueReport {
  return {
    from: '2026-03-01',
    to: '2026-03-07',
    rows: [
      {
        gameType: 'LIVE',
        vendorCode: 'SIMLIVE',
        betCount: 12,
        validBet: '600.00',
        payouts: '540.00',
        profitLoss: '-60.00',
      },
      {
        gameType: 'RNG',
        vendorCode: 'BGS',
        betCount: 30,
        validBet: '200.00',
        payouts: '260.00',
        profitLoss: '60.00',
      },
    ],
    totals: { betCount: 42, validBet: '800.00', payouts: '800.00', profitLoss: '0.00' },
    ...overrides,
  };
}

export function buildTransaction(overrides: Partial<TeamTransaction> = {}): TeamTransaction {
  return {
    id: 't-1',
    time: '2026-03-05T10:00:00.000Z',
    memberId: 101,
    account: 'nok01',
    type: 'deposit',
    kind: 'deposit',
    amount: '500.00',
    vendorCode: '',
    ...overrides,
  };
}

export function buildTransactionPage(
  items: TeamTransaction[],
  overrides: Partial<TeamTransactionPage> = {},
): TeamTransactionPage {
  return {
    items,
    page: 1,
    pageSize: 20,
    total: items.length,
    from: '2026-03-01',
    to: '2026-03-07',
    ...overrides,
  };
}

export function buildInvite(overrides: Partial<AgentInvite> = {}): AgentInvite {
  return {
    affiliateCode: 'AG7KQ2',
    referralLink: 'https://lucky.example/register?affiliateCode=AG7KQ2',
    agentType: 2,
    creatableTypes: [0, 41, 42],
    ...overrides,
  };
}
