/**
 * The operator console's entry (`@portal/contracts/calls/ops`): the /ops groups it sends, by definition.
 * Apart from the player's catalogue, so none of it loads with the player's first page.
 */
export { opsPaymentCalls } from './payments-ops.calls';
export { opsPointsCalls, opsRewardCalls, opsSessionCalls, opsStaffCalls } from './operators.calls';
export { opsRgCalls } from './rg.calls';
export { opsContentCalls } from './content-ops.calls';
export { opsGameCalls } from './games-ops.calls';
export { opsMessageCalls } from './messages-ops.calls';
export { opsPlayerCalls } from './players-ops.calls';
export { opsReportCalls } from './reports.calls';
export { opsChannelCalls, opsMerchantCalls, opsSettingsCalls } from './settings-ops.calls';
export { opsAuditCalls } from './audit.calls';
