import type { ActivityRules, PlayerActivity } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatPercent, type MoneyFormat } from './format';

/** A run of consecutive sign-in days that pay the same amount. */
interface DayRun {
  from: number;
  to: number;
  amount: string;
}

/** Groups the sign-in amounts into runs of equal days (the last amount repeats for later days). */
export function signInRuns(amounts: readonly string[]): DayRun[] {
  const runs: DayRun[] = [];
  amounts.forEach((amount, index) => {
    const day = index + 1;
    const last = runs.at(-1);
    if (last && last.amount === amount) last.to = day;
    else runs.push({ from: day, to: day, amount });
  });
  return runs;
}

function signInTerms(amounts: readonly string[], t: TFunction<'rewards'>, money: MoneyFormat): string {
  const runs = signInRuns(amounts);
  const parts = runs.map((run, index) => {
    const amount = money(run.amount);
    if (index === runs.length - 1) return t('rewards.terms.signInFrom', { day: run.from, amount });
    if (run.from === run.to) return t('rewards.terms.signInDay', { day: run.from, amount });
    return t('rewards.terms.signInDays', { from: run.from, to: run.to, amount });
  });
  return t('rewards.terms.signIn', { days: parts.join(' · ') });
}

/** What the rules pay, in one sentence. */
function payTerms(
  rules: ActivityRules,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
  language: string,
): string {
  switch (rules.kind) {
    case 'first_deposit':
    case 'reload_deposit':
      return t(`rewards.terms.${rules.kind}`, {
        percent: formatPercent(rules.percent, language),
        cap: money(rules.cap),
        min: money(rules.minDeposit),
      });
    case 'cashback':
      return t('rewards.terms.cashback', {
        percent: formatPercent(rules.percent, language),
        basis: t(`rewards.terms.basis.${rules.basis}`),
        period: t(`rewards.terms.period.${rules.period}`),
        cap: money(rules.cap),
      });
    case 'sign_in':
      return signInTerms(rules.amounts, t, money);
    case 'social_contact':
      return t('rewards.terms.social_contact', { amount: money(rules.amount) });
  }
}

/**
 * An activity's terms in plain words, one line each: what it pays, the sign-in streak so far, the
 * contact it needs, and the wagering before withdrawal with what a withdrawal does meanwhile.
 */
export function activityTerms(
  activity: PlayerActivity,
  t: TFunction<'rewards'>,
  money: MoneyFormat,
  language: string,
): string[] {
  const lines = [payTerms(activity.rules, t, money, language)];
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
