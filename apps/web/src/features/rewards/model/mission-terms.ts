import type { ActivityRules, PlayerActivity } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { amountRuns } from './amount-runs';
import type { MoneyFormat } from './format';

type MissionRules = Extract<ActivityRules, { kind: 'mission' }>;
type LeaderboardRules = Extract<ActivityRules, { kind: 'leaderboard' }>;

/** A whole count from the decimal text the contract uses for a count metric ("10", "10.0000"). */
export function countOf(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}

/** A rank as people say it, in the reader's language ("1st", "อันดับ 1"). */
export function rankText(rank: number, t: TFunction<'rewards'>): string {
  return t('rewards.rank', { count: rank, ordinal: true });
}

/** A game type by its category name with its code, "Slots (RNG)" (the shell's category names). */
function gameName(gameType: string, t: TFunction<'rewards'>): string {
  return t('rewards.terms.game', {
    name: t(`categories.${gameType}`, { defaultValue: gameType }),
    code: gameType,
  });
}

/** What a mission asks, in one sentence: "Wager ฿500.00 on Slots (RNG) today". */
export function missionTask(rules: MissionRules, t: TFunction<'rewards'>, money: MoneyFormat): string {
  const when = t(`rewards.terms.when.${rules.period}`);
  const game = rules.gameType ? gameName(rules.gameType, t) : null;
  switch (rules.metric) {
    case 'valid_bet':
      return game
        ? t('rewards.terms.mission.validBet', { target: money(rules.target), game, when })
        : t('rewards.terms.mission.validBetAnyGame', { target: money(rules.target), when });
    case 'bet_count':
      return game
        ? t('rewards.terms.mission.betCount', { count: countOf(rules.target), game, when })
        : t('rewards.terms.mission.betCountAnyGame', { count: countOf(rules.target), when });
    case 'deposit_count':
      // Deposits are not made on a game type: the game type, if any, does not apply.
      return t('rewards.terms.mission.depositCount', { count: countOf(rules.target), when });
  }
}

/**
 * A leaderboard's prizes in one phrase, equal neighbours grouped: "1st ฿1,000.00, 2nd ฿500.00, 3rd to
 * 5th ฿100.00 each".
 */
export function prizeList(prizes: readonly string[], t: TFunction<'rewards'>, money: MoneyFormat): string {
  return amountRuns(prizes)
    .map((run) =>
      run.from === run.to
        ? t('rewards.terms.prizeRank', { rank: rankText(run.from, t), amount: money(run.amount) })
        : t('rewards.terms.prizeRanks', {
            from: rankText(run.from, t),
            to: rankText(run.to, t),
            amount: money(run.amount),
          }),
    )
    .join(', ');
}

/** A mission's terms: what to do in which period, and what it pays. */
export function missionTerms(rules: MissionRules, t: TFunction<'rewards'>, money: MoneyFormat): string[] {
  return [
    missionTask(rules, t, money),
    t(`rewards.terms.missionReward.${rules.period}`, { amount: money(rules.reward) }),
  ];
}

/** A leaderboard's terms: who wins what each period, and when the prizes are paid. */
export function leaderboardTerms(
  rules: LeaderboardRules,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
): string[] {
  return [
    t(`rewards.terms.leaderboard.${rules.period}`, { prizes: prizeList(rules.prizes, t, money) }),
    t(`rewards.terms.leaderboardPaid.${rules.period}`),
  ];
}

/** A mission's progress bar: where the player is, the target, and both in words. */
export interface MissionProgress {
  value: number;
  max: number;
  text: string;
}

/** The progress of a mission this period, or null for any other activity (or none reported). */
export function missionProgress(
  activity: PlayerActivity,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
): MissionProgress | null {
  const { rules, progress } = activity;
  if (rules.kind !== 'mission' || !progress) return null;
  const value = Number(progress.current);
  const max = Number(progress.target);
  if (!Number.isFinite(value) || !Number.isFinite(max)) return null;
  if (rules.metric === 'valid_bet') {
    const text = t('rewards.progress.amount', {
      current: money(progress.current),
      target: money(progress.target),
    });
    return { value, max, text };
  }
  const key = rules.metric === 'bet_count' ? 'rewards.progress.betCount' : 'rewards.progress.depositCount';
  return {
    value,
    max,
    text: t(key, { current: countOf(progress.current), count: countOf(progress.target) }),
  };
}
