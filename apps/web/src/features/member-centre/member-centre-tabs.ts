// The member centre's pages as plain data (no React), so the e2e walk can list them too.

/** The member centre pages of spec section 2, in its order. */
export const memberCentreTabs = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  // Responsible gaming (issue 17): limits, reality check, breaks and self-exclusion.
  'responsibleGaming',
] as const;
export type MemberCentreTab = (typeof memberCentreTabs)[number];

/** The tab named by ?tab=, or the security centre. */
export function memberCentreTab(value: string | null): MemberCentreTab {
  return memberCentreTabs.find((tab) => tab === value) ?? 'securityCenter';
}
