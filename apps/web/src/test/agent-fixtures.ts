import type {
  AgentContract,
  AgentFigures,
  AgentInvite,
  ConsolidatedContractFlags,
  ContractFlag,
  ContractPreview,
  AgentTeamOverview,
  Downline,
  DownlinePage,
  PayoutPage,
  PayoutRecord,
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

export function buildContractFlag(overrides: Partial<ContractFlag> = {}): ContractFlag {
  return { enabled: false, pending: 0, inForce: false, rate: '0', period: 'day', ...overrides };
}

/** The consolidated contract flags: every kind off unless the overrides switch it on. */
export function buildContractFlags(
  overrides: Partial<Record<keyof ConsolidatedContractFlags, Partial<ContractFlag>>> = {},
): ConsolidatedContractFlags {
  return {
    dailysalreqtype: buildContractFlag({ period: 'day', ...overrides.dailysalreqtype }),
    divtypereq: buildContractFlag({ period: 'month', ...overrides.divtypereq }),
    contracthoursalreq: buildContractFlag({ period: 'hour', ...overrides.contracthoursalreq }),
    realtimesalreqtype: buildContractFlag({ period: 'window', ...overrides.realtimesalreqtype }),
  };
}

/** A contract between the caller (agent07, id 7) as upline and its downline agent 102, in force. */
export function buildContract(overrides: Partial<AgentContract> = {}): AgentContract {
  return {
    id: 501,
    kind: 'dailySalary',
    period: 'day',
    state: 'accepted',
    tiers: [
      { minValidBet: '0.00', minActiveMembers: 0, rate: '0.20' },
      { minValidBet: '10000.00', minActiveMembers: 5, rate: '0.35' },
    ],
    maxRate: '0.35',
    upline: { id: 7, account: 'agent07', nickname: null },
    downline: { id: 102, account: 'subagent02', nickname: null },
    proposedBy: 'upline',
    myRole: 'upline',
    createdAt: '2026-03-01T08:00:00.000Z',
    decidedAt: '2026-03-01T09:00:00.000Z',
    endsAt: null,
    endReason: null,
    ...overrides,
  };
}

export function buildContractPage(items: AgentContract[], overrides: Partial<{ total: number }> = {}) {
  return { items, page: 1, pageSize: 20, total: items.length, ...overrides };
}

export function buildPreview(overrides: Partial<ContractPreview> = {}): ContractPreview {
  return { uplineRate: '0.50', ending: [], effectiveAt: null, ...overrides };
}

export function buildPayoutRecord(overrides: Partial<PayoutRecord> = {}): PayoutRecord {
  return {
    id: 9001,
    kind: 'dailySalary',
    periodKey: 'day:2026-03-02@UTC+7',
    periodStart: '2026-03-01T17:00:00.000Z',
    periodEnd: '2026-03-02T17:00:00.000Z',
    contractId: 501,
    activeMembers: 6,
    validBet: '12000.00',
    profitLoss: '-850.00',
    deductions: '0.00',
    figure: '12000.00',
    adjustment: '0.00',
    tier: 2,
    rate: '0.35',
    teamAmount: '42.00',
    downlineAmount: '12.00',
    amount: '30.00',
    status: 'paid',
    paidAt: '2026-03-03T02:00:00.000Z',
    ...overrides,
  };
}

export function buildPayoutPage(items: PayoutRecord[], overrides: Partial<PayoutPage> = {}): PayoutPage {
  return {
    items,
    page: 1,
    pageSize: 50,
    total: items.length,
    from: '2026-03-01',
    to: '2026-03-07',
    totals: { validBet: '24000.00', figure: '24000.00', amount: '60.00' },
    bankAccount: { accountNumber: '******7890', holderName: 'Agent Seven' },
    ...overrides,
  };
}
