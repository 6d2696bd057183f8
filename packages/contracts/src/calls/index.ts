/**
 * The call catalogue (decision 0026): every call of the API declared once, by area. Plain data (schemas
 * are named, not embedded), so the web bundle imports it without zod.
 */
export * from './headers';
import { mergeCalls } from '../call';
import type { agentCalls } from './agents.calls';
import { opsAuditCalls } from './audit.calls';
import { authCalls, memberCalls } from './auth.calls';
import { contentCalls } from './content.calls';
import { opsContentCalls } from './content-ops.calls';
import { gameCalls } from './games.calls';
import { opsGameCalls } from './games-ops.calls';
import { historyCalls } from './history.calls';
import { inhouseCalls } from './inhouse.calls';
import { lotteryCalls } from './lottery.calls';
import { messageCalls } from './messages.calls';
import { opsMessageCalls } from './messages-ops.calls';
import {
  opsAgentCalls,
  opsPointsCalls,
  opsRewardCalls,
  opsSessionCalls,
  opsStaffCalls,
} from './operators.calls';
import type { pointsCalls } from './points.calls';
import { opsRgCalls } from './rg.calls';
import type { rgCalls } from './rg.calls';
import type { rewardCalls } from './rewards.calls';
import { paymentCalls, providerCalls } from './payments.calls';
import { opsPaymentCalls } from './payments-ops.calls';
import { opsReportCalls } from './reports.calls';
import { opsChannelCalls, opsMerchantCalls, opsSettingsCalls } from './settings-ops.calls';
import { opsPlayerCalls } from './players-ops.calls';
import type { CallName, Calls } from './player-catalogue';
import { pushCalls } from './push.calls';
import { systemCalls } from './system.calls';
import { vendorCalls } from './vendor.calls';
import { walletCalls } from './wallet.calls';

export {
  opsAuditCalls,
  opsChannelCalls,
  opsMerchantCalls,
  opsSettingsCalls,
  authCalls,
  contentCalls,
  gameCalls,
  historyCalls,
  inhouseCalls,
  lotteryCalls,
  memberCalls,
  messageCalls,
  opsAgentCalls,
  opsContentCalls,
  opsGameCalls,
  opsMessageCalls,
  opsPaymentCalls,
  opsReportCalls,
  opsPlayerCalls,
  opsPointsCalls,
  opsRewardCalls,
  opsRgCalls,
  opsSessionCalls,
  opsStaffCalls,
  paymentCalls,
  providerCalls,
  pushCalls,
  systemCalls,
  vendorCalls,
  walletCalls,
};

/** The calls of the player web app: their own module, which the web client imports (player-catalogue.ts). */
export { calls, type CallName, type Calls } from './player-catalogue';

/**
 * The operator API (/ops, an operator's token): the CLI and the operator console. Built by a call marked
 * pure, so the player bundle, which never reads it, leaves it and its groups out.
 */
export const operatorCalls = /* @__PURE__ */ mergeCalls(
  opsSessionCalls,
  opsPaymentCalls,
  opsGameCalls,
  opsContentCalls,
  opsMessageCalls,
  opsAgentCalls,
  opsRewardCalls,
  opsPointsCalls,
  opsSettingsCalls,
  opsChannelCalls,
  opsMerchantCalls,
  opsRgCalls,
  opsPlayerCalls,
  opsStaffCalls,
  opsAuditCalls,
  opsReportCalls,
);
export type OperatorCalls = typeof operatorCalls;
export type OperatorCallName = keyof OperatorCalls;

/** Calls made by outside systems: the vendors' seamless wallet and the payment providers' callbacks. */
export const partnerCalls = /* @__PURE__ */ mergeCalls(vendorCalls, providerCalls);

/**
 * The agent centre's calls (decision 0028) stay out of `calls` and out of this module: they are their own
 * entry (`@portal/contracts/calls/agents`), so the player's first load does not carry them; the agent
 * pages, each a lazy chunk, send them by definition (`api.send(agentCalls.x, ...)`).
 */
export type AgentCalls = typeof agentCalls;

/** The reward calls (decision 0030): their own entry (`@portal/contracts/calls/rewards`), as the agent calls. */
export type RewardCalls = typeof rewardCalls;

/** The points calls (decision 0033): their own entry (`@portal/contracts/calls/points`), as the reward calls. */
export type PointsCalls = typeof pointsCalls;

/** The responsible-gaming calls (issue 17): their own entry (`@portal/contracts/calls/rg`), as the points calls. */
export type RgCalls = typeof rgCalls;

/** The names of the player calls whose body travels encrypted (decision 0008). */
export type EncryptedCallName = {
  [Name in CallName]: Calls[Name] extends { encrypted: true } ? Name : never;
}[CallName];
