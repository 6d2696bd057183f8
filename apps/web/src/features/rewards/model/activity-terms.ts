import type { ActivityRules, PlayerActivity } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { amountRuns } from './amount-runs';
import { formatPercent, type MoneyFormat } from './format';
import { leaderboardTerms, missionTerms } from './mission-terms';

function signInTerms(amounts: readonly string[], t: TFunction<'rewards'>, money: MoneyFormat): string {
  const runs = amountRuns(amounts);
  const parts = runs.map((run, index) => {
    const amount = money(run.amount);
    if (index === runs.length - 1) return t('rewards.terms.signInFrom', { day: run.from, amount });
    if (run.from === run.to) return t('rewards.terms.signInDay', { day: run.from, amount });
    return t('rewards.terms.signInDays', { from: run.from, to: run.to, amount });
  });
  return t('rewards.terms.signIn', { days: parts.join(' · ') });
}

/** What the rules ask and pay, in a sentence or two. */
function payTerms(
  rules: ActivityRules,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
  language: string,
): string[] {
  switch (rules.kind) {
    case 'first_deposit':
    case 'reload_deposit':
      return [
        t(`rewards.terms.${rules.kind}`, {
          percent: formatPercent(rules.percent, language),
          cap: money(rules.cap),
          min: money(rules.minDeposit),
        }),
      ];
    case 'cashback':
      return [
        t('rewards.terms.cashback', {
          percent: formatPercent(rules.percent, language),
          basis: t(`rewards.terms.basis.${rules.basis}`),
          period: t(`rewards.terms.period.${rules.period}`),
          cap: money(rules.cap),
        }),
      ];
    case 'sign_in':
      return [signInTerms(rules.amounts, t, money)];
    case 'social_contact':
      return [t('rewards.terms.social_contact', { amount: money(rules.amount) })];
    case 'mission':
      return missionTerms(rules, t, money);
    case 'leaderboard':
      return leaderboardTerms(rules, t, money);
    case 'referral':
      return [
        t('rewards.referral.terms', {
          min: money(rules.minDeposit),
          referrer: money(rules.referrerReward),
          friend: money(rules.friendReward),
        }),
      ];
  }
}

/**
 * An activity's terms in plain words, one line each: what it asks and pays, the sign-in streak so far,
 * the contact it needs, and the wagering before withdrawal with what a withdrawal does meanwhile.
 */
export function activityTerms(
  activity: PlayerActivity,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
  language: string,
): string[] {
  const lines = payTerms(activity.rules, t, money, language);
  if (activity.rules.kind === 'sign_in' && activity.streak !== null) {
    lines.push(t('rewards.terms.streak', { count: activity.streak }));
  }
  if (activity.requiresContact && activity.rules.kind !== 'social_contact') {
    lines.push(t('rewards.terms.contactNeeded'));
  }
  if (activity.wageringMultiplier > 0) {
    lines.push(
      t('rewards.terms.wagering', { multiplier: activity.wageringMultiplier }),
      t(`rewards.terms.withdrawRule.${activity.withdrawRule}`),
    );
  } else {
    lines.push(t('rewards.terms.noWagering'));
  }
  return lines;
}
