import type { ActivityClaimResult, Currency, ReferralView } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { FormMessage } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useActivityClaim, useReferral } from '../api/reward-queries';
import { ReferralFriends } from '../components/referral-friends';
import { ReferralInvite } from '../components/referral-invite';
import { moneyFormat, type MoneyFormat } from '../model/format';
import '../referral.css';

type ReferralActivity = NonNullable<ReferralView['activity']>;

/** The claim button: each press claims one reward (the next friend's, or the player's own). */
function ClaimReferral({ activity, money }: { activity: ReferralActivity; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const claim = useActivityClaim();
  const [result, setResult] = useState<ActivityClaimResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    setResult(null);
    setError(null);
    claim.mutate(
      { id: activity.id },
      { onSuccess: setResult, onError: (failure) => setError(t(errorMessageKey(failure))) },
    );
  };
  return (
    <div className="reward-action">
      {activity.claimable ? (
        <button
          type="button"
          className="button button--primary"
          onClick={send}
          disabled={claim.isPending}
          aria-busy={claim.isPending}
        >
          {claim.isPending
            ? t('rewards.pending')
            : t('rewards.referral.claim', { amount: money(activity.claimable) })}
        </button>
      ) : null}
      <div role="status" className="reward-action__status">
        {result ? (
          <p className="form-message form-message--success">
            <Icon name="check" size={18} />
            <span>
              {t(result.replayed ? 'rewards.result.replayed' : 'rewards.result.claimed', {
                amount: money(result.amount),
                status: t(`rewards.status.${result.status}`),
              })}
            </span>
          </p>
        ) : null}
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </div>
  );
}

/** What the referral activity pays, what the player earned, and the claim button when one is ready. */
function ReferralRewards({ view, money }: { view: ReferralView; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const titleId = useId();
  const activity = view.activity;
  return (
    <section className="reward-wallet referral-rewards" aria-labelledby={titleId}>
      <h3 id={titleId} className="reward-section__title">
        {t('rewards.referral.rewardsTitle')}
      </h3>
      {activity ? (
        <p className="reward-page__lead">
          {t('rewards.referral.terms', {
            min: money(activity.minDeposit),
            referrer: money(activity.referrerReward),
            friend: money(activity.friendReward),
          })}
        </p>
      ) : (
        <p className="reward-note reward-note--info">{t('rewards.referral.noActivity')}</p>
      )}
      <dl className="referral-rewards__figures">
        <div>
          <dt>{t('rewards.referral.earned')}</dt>
          <dd>{money(view.earned)}</dd>
        </div>
        {activity ? (
          <div>
            <dt>{t('rewards.referral.waitingLabel')}</dt>
            <dd>{activity.waiting}</dd>
          </div>
        ) : null}
      </dl>
      {activity ? <ClaimReferral activity={activity} money={money} /> : null}
    </section>
  );
}

/**
 * referral (member centre, decision 0032): the player's code, link (copy) and QR code, what the referral
 * activity pays, the rewards earned and the invited friends with their status.
 */
export function ReferralPage({ currency }: { currency: Currency }) {
  const { t } = useTranslation('rewards');
  const referral = useReferral();
  const money = moneyFormat(currency);
  if (referral.isPending) return <SkeletonLines count={6} />;
  if (referral.isError) {
    return (
      <ErrorState message={t(errorMessageKey(referral.error))} onRetry={() => void referral.refetch()} />
    );
  }
  const view = referral.data;
  return (
    <div className="reward-page referral-page" aria-busy={referral.isFetching}>
      <p className="reward-page__lead">{t('rewards.referral.lead')}</p>
      <ReferralInvite code={view.code} link={view.link} />
      <ReferralRewards view={view} money={money} />
      <ReferralFriends friends={view.friends} friendCount={view.friendCount} money={money} />
    </div>
  );
}
