/**
 * The /ops call groups the console sends, from the contracts' ops entry (plain data, no zod). Never from
 * the main entry or the catalogue's index: the player bundle reaches those modules, and whatever the
 * console took from them would load with the player's first page.
 */
export {
  opsMessageCalls,
  opsPaymentCalls,
  opsPlayerCalls,
  opsPointsCalls,
  opsRewardCalls,
  opsSessionCalls,
} from '@portal/contracts/calls/ops';
