import type { ContractTier } from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import { maxContractTiers } from './contract-lists';

/*
 * The contract modal's tiers: what the agent types (text), and the rules the server applies to them
 * (apps/server/src/modules/agents/contract-rules.ts, answered as tiers_invalid or rate_above_upline),
 * checked here first so a mistake is named beside its field. Amounts and rates are compared as
 * integers (minor units, basis points), never as floating-point numbers.
 */

/** One tier as typed in the modal. */
export interface TierDraft {
  minValidBet: string;
  minActiveMembers: string;
  rate: string;
}

export const emptyTier: TierDraft = { minValidBet: '0', minActiveMembers: '0', rate: '' };

/** What is wrong with one field of a tier. */
export type TierFieldProblem =
  'amount' | 'members' | 'rate' | 'aboveUpline' | 'thresholdsDown' | 'thresholdsSame' | 'rateDown';

export interface TierProblems {
  /** Per tier (same index), each field's problem, if any. */
  tiers: Array<Partial<Record<keyof TierDraft, TierFieldProblem>>>;
  /** A problem of the list as a whole. */
  list: 'none' | 'tooMany' | null;
}

const ratePattern = /^\d{1,3}(\.\d{1,2})?$/;
const thresholdPattern = /^\d{1,16}(\.\d{1,4})?$/;
const membersPattern = /^\d{1,7}$/;
const maxActiveMembers = 1_000_000;

/** "0.35" (percent, at most two decimals) as basis points (35), or null when it is not a rate of 0 to 100 %. */
export function rateBasisPoints(rate: string): number | null {
  if (!ratePattern.test(rate)) return null;
  const [whole = '0', fraction = ''] = rate.split('.');
  const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return basisPoints <= 10_000 ? basisPoints : null;
}

/** A valid bet threshold in minor units of the currency, or null when the server would refuse it. */
function thresholdMinor(text: string, decimals: number): bigint | null {
  if (!thresholdPattern.test(text)) return null;
  return parseMinor(text, decimals);
}

function membersOf(text: string): number | null {
  if (!membersPattern.test(text)) return null;
  const members = Number(text);
  return members <= maxActiveMembers ? members : null;
}

/** The tiers as typed with spaces taken off (what is checked and sent). */
export function trimTiers(tiers: readonly TierDraft[]): TierDraft[] {
  return tiers.map((tier) => ({
    minValidBet: tier.minValidBet.trim(),
    minActiveMembers: tier.minActiveMembers.trim(),
    rate: tier.rate.trim(),
  }));
}

/**
 * Checks tiers as the server does: each field well formed; from the second tier on, both thresholds at
 * least the previous tier's and one of them higher, and a rate at least the previous one; no rate above
 * `uplineRate` when it is known (the upline's own rate of the kind).
 */
export function checkTiers(
  drafts: readonly TierDraft[],
  currencyDecimals: number,
  uplineRate: string | null,
): TierProblems {
  const tiers = trimTiers(drafts);
  const limit = uplineRate === null ? null : rateBasisPoints(uplineRate);
  const parsed = tiers.map((tier) => ({
    minor: thresholdMinor(tier.minValidBet, currencyDecimals),
    members: membersOf(tier.minActiveMembers),
    basisPoints: rateBasisPoints(tier.rate),
  }));
  const problems = parsed.map((tier, index) => {
    const found: Partial<Record<keyof TierDraft, TierFieldProblem>> = {};
    if (tier.minor === null) found.minValidBet = 'amount';
    if (tier.members === null) found.minActiveMembers = 'members';
    if (tier.basisPoints === null) found.rate = 'rate';
    else if (limit !== null && tier.basisPoints > limit) found.rate = 'aboveUpline';
    const before = index > 0 ? parsed[index - 1] : undefined;
    if (!before) return found;
    if (tier.minor !== null && before.minor !== null && tier.members !== null && before.members !== null) {
      if (tier.minor < before.minor) found.minValidBet = 'thresholdsDown';
      if (tier.members < before.members) found.minActiveMembers = 'thresholdsDown';
      if (tier.minor === before.minor && tier.members === before.members) {
        found.minValidBet = 'thresholdsSame';
      }
    }
    if (
      found.rate === undefined &&
      tier.basisPoints !== null &&
      before.basisPoints !== null &&
      tier.basisPoints < before.basisPoints
    ) {
      found.rate = 'rateDown';
    }
    return found;
  });
  const list = tiers.length === 0 ? 'none' : tiers.length > maxContractTiers ? 'tooMany' : null;
  return { tiers: problems, list };
}

/** Whether the check found nothing wrong. */
export function tiersValid(problems: TierProblems): boolean {
  return problems.list === null && problems.tiers.every((tier) => Object.keys(tier).length === 0);
}

/** The tiers as the contract payload carries them (checked first with `checkTiers`). */
export function tiersPayload(drafts: readonly TierDraft[]): ContractTier[] {
  return trimTiers(drafts).map((tier) => ({
    minValidBet: tier.minValidBet,
    minActiveMembers: Number(tier.minActiveMembers),
    rate: tier.rate,
  }));
}

/** A next tier to add: the last one's thresholds and rate, for the agent to raise. */
export function nextTier(tiers: readonly TierDraft[]): TierDraft {
  const last = tiers.at(-1);
  return last ? { ...last } : { ...emptyTier };
}

/** Whether a contract's highest rate is above a limit (both percentage strings). */
export function rateAbove(rate: string, limit: string): boolean {
  const value = rateBasisPoints(rate);
  const bound = rateBasisPoints(limit);
  return value !== null && bound !== null && value > bound;
}
