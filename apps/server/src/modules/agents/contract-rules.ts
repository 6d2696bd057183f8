import { parseMinor, type ContractTier } from '@portal/contracts';
import type { StoredTier } from '../../db/schema';
import { AppError } from '../../http/errors';

/**
 * The pure rules of agent contracts (decision 0029, docs/agents.md): rates as basis points, tiers and
 * the tier a period reaches, and the differential payout of a team.
 */

/** Basis points in 100 %. */
export const fullRateBp = 10_000;

/** "0.35" (percent, at most two decimals) -> 35 basis points. */
export function rateToBp(rate: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate);
  const bp = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(bp >= 0 && bp <= fullRateBp)) throw new AppError('tiers_invalid', `A rate is 0 to 100 %: ${rate}`);
  return bp;
}

/** 35 -> "0.35". */
export function bpToRate(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/**
 * Tiers as stored, checked: ascending thresholds (each at least the previous, one of them higher) and
 * rates that never go down; the first tier may start at zero.
 */
export function parseTiers(tiers: readonly ContractTier[], decimals: number): StoredTier[] {
  const parsed = tiers.map((tier, index) => {
    const minValidBet = parseMinor(tier.minValidBet, decimals);
    if (minValidBet === null || minValidBet < 0n) {
      throw new AppError('tiers_invalid', `Tier ${index + 1}: the valid bet threshold is not an amount`);
    }
    return {
      minValidBetMinor: minValidBet,
      minActiveMembers: tier.minActiveMembers,
      rateBp: rateToBp(tier.rate),
    };
  });
  for (let index = 1; index < parsed.length; index += 1) {
    const before = parsed[index - 1]!;
    const tier = parsed[index]!;
    const higher =
      tier.minValidBetMinor > before.minValidBetMinor || tier.minActiveMembers > before.minActiveMembers;
    if (
      tier.minValidBetMinor < before.minValidBetMinor ||
      tier.minActiveMembers < before.minActiveMembers ||
      !higher
    ) {
      throw new AppError('tiers_invalid', `Tier ${index + 1} must start above tier ${index}`);
    }
    if (tier.rateBp < before.rateBp) {
      throw new AppError('tiers_invalid', `Tier ${index + 1}'s rate is below tier ${index}'s`);
    }
  }
  return parsed.map((tier) => ({ ...tier, minValidBetMinor: tier.minValidBetMinor.toString() }));
}

/** The highest rate of the tiers: what the rate rule compares. */
export const maxRateOf = (tiers: readonly StoredTier[]) => Math.max(0, ...tiers.map((tier) => tier.rateBp));

/** The highest tier whose thresholds the period reached (index from 0), or null. */
export function tierReached(
  tiers: readonly StoredTier[],
  validBetMinor: bigint,
  activeMembers: number,
): { index: number; rateBp: number } | null {
  for (let index = tiers.length - 1; index >= 0; index -= 1) {
    const tier = tiers[index]!;
    if (validBetMinor >= BigInt(tier.minValidBetMinor) && activeMembers >= tier.minActiveMembers) {
      return { index, rateBp: tier.rateBp };
    }
  }
  return null;
}

/** One agent of a team's settlement: its tier rate, its figure and its paid upline in the same settlement. */
export interface PayNode {
  agentId: number;
  /** The upline that pays it (a node of the same settlement); null for a top agent. */
  uplineId: number | null;
  /** The rate its tier gives (before the upline's rate caps it). */
  rateBp: number;
  /** Valid bet (salaries) or net loss after deductions (dividends), adjustment included; may be < 0. */
  figureMinor: bigint;
}

export interface PayShare {
  /** The rate applied: its tier's, at most its upline's applied rate. */
  rateBp: number;
  /** What the agent's whole team is paid: its rate on its figure (or less, see below). */
  teamMinor: bigint;
  /** What its direct downlines' teams are paid. */
  downlineMinor: bigint;
  /** Its own pay: teamMinor - downlineMinor, never negative. */
  amountMinor: bigint;
}

/**
 * The differential payout (docs/agents.md): a top agent's team is paid its rate on the team's figure
 * (floored at zero); each agent keeps its share minus what its direct downlines' teams are paid, each of
 * those being its rate (at most its upline's) on its own team's figure. When the downlines' claims exceed
 * what their upline's team is paid (a sub-team lost while the rest of the team won), they share that
 * amount in proportion to their claims, rounded down, the rounding left to the upline. So every amount
 * is >= 0 and a top agent's team is paid exactly its rate on its figure: never more than the top rate on
 * any bet or loss.
 */
export function differentialPay(nodes: readonly PayNode[]): Map<number, PayShare> {
  const children = new Map<number | null, PayNode[]>();
  for (const node of nodes) {
    const siblings = children.get(node.uplineId) ?? [];
    siblings.push(node);
    children.set(node.uplineId, siblings);
  }
  const shares = new Map<number, PayShare>();
  const claim = (node: PayNode, rateBp: number) =>
    node.figureMinor > 0n ? (node.figureMinor * BigInt(rateBp)) / BigInt(fullRateBp) : 0n;

  // Top-down, so each agent's team amount is known before its downlines are shared out.
  const visit = (node: PayNode, rateBp: number, teamMinor: bigint) => {
    const below = (children.get(node.agentId) ?? []).map((child) => {
      const childRate = Math.min(child.rateBp, rateBp);
      return { child, childRate, claim: claim(child, childRate) };
    });
    const claimed = below.reduce((sum, entry) => sum + entry.claim, 0n);
    let downlineMinor = 0n;
    for (const entry of below) {
      const childTeam = claimed <= teamMinor ? entry.claim : (entry.claim * teamMinor) / claimed;
      downlineMinor += childTeam;
      visit(entry.child, entry.childRate, childTeam);
    }
    shares.set(node.agentId, { rateBp, teamMinor, downlineMinor, amountMinor: teamMinor - downlineMinor });
  };
  for (const top of children.get(null) ?? []) visit(top, top.rateBp, claim(top, top.rateBp));
  return shares;
}
