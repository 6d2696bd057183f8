import { defineCalls } from '../call';

/**
 * The member centre's history reads (relay calls of spec section 7). Dates are merchant calendar days;
 * a bad date or range answers invalid_date or invalid_range.
 */
export const historyCalls = defineCalls({
  walletHistory: {
    method: 'GET',
    path: '/wps/relay/wallet_history',
    moduleId: 'history',
    token: true,
    summary: "transactionHistory: every movement of the member's wallets, newest first",
    query: 'walletHistoryQuery',
    response: 'walletHistoryPage',
    errors: ['invalid_date', 'invalid_range'],
  },
  accountRecords: {
    method: 'GET',
    path: '/wps/relay/account_records',
    moduleId: 'history',
    token: true,
    summary: 'Account records: deposits, withdrawals and transfers (no game movements or bonuses)',
    query: 'walletHistoryQuery',
    response: 'walletHistoryPage',
    errors: ['invalid_date', 'invalid_range'],
  },
  betRecords: {
    method: 'GET',
    path: '/wps/relay/bet_records',
    moduleId: 'history',
    token: true,
    summary: 'personalHistoryCopy: game rounds per vendor and game, newest first',
    query: 'betRecordsQuery',
    response: 'betRecordsPage',
    errors: ['invalid_date', 'invalid_range'],
  },
  personalProfit: {
    method: 'GET',
    path: '/wps/relay/personal_profit',
    moduleId: 'history',
    token: true,
    summary: 'personalProfit: bets, wins and profit per vendor over a range',
    query: 'personalProfitQuery',
    response: 'personalProfit',
    errors: ['invalid_date', 'invalid_range'],
  },
  bonusDetails: {
    method: 'GET',
    path: '/wps/relay/bonus_details',
    moduleId: 'history',
    token: true,
    summary: "bonusDetails: the ledger's bonus movements of the member",
    query: 'bonusDetailsQuery',
    response: 'bonusDetailsPage',
    errors: ['invalid_date', 'invalid_range'],
  },
});
