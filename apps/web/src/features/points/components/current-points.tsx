import type { Currency, PointsBalance, PointsConfig } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { usePointsBalance, usePointsConfig } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayAmount, displayPoints, pointsMinor } from '../model/points-format';
import { ConvertForm } from './convert-form';

/** "VIP 2 · Gold", "VIP 2", or null below level 1. */
export function useVipLabel(): (vip: PointsBalance['vip']) => string | null {
  const { t } = useTranslation('points');
  return (vip) => {
    if (vip.level <= 0) return null;
    return vip.name
      ? t('points.balance.vipNamed', { level: vip.level, name: vip.name })
      : t('points.balance.vipLevel', { level: vip.level });
  };
}

/** The next VIP tier above the caller's level, in words (the threshold by the merchant's basis). */
function NextTier({ level, config, currency }: { level: number; config: PointsConfig; currency: Currency }) {
  const { t } = useTranslation('points');
  if (config.vipTiers.length === 0) return null;
  const next = config.vipTiers.find((tier) => tier.level > level);
  if (!next) return <p className="points-card__note">{t('points.balance.topTier')}</p>;
  const threshold =
    config.vipBasis === 'valid_bet' ? displayAmount(next.threshold, currency) : displayPoints(next.threshold);
  const key =
    config.vipBasis === 'valid_bet' ? 'points.balance.nextTierBet' : 'points.balance.nextTierPoints';
  return <p className="points-card__note">{t(key, { name: next.name, threshold })}</p>;
}

/**
 * Current points: what can be redeemed now, what redeems In Process hold, what rolled-back bets still owe,
 * the VIP level with the next tier, and the convert form when the merchant offers it.
 */
export function CurrentPoints({ currency }: { currency: Currency }) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const vipLabel = useVipLabel();
  const balance = usePointsBalance();
  const config = usePointsConfig();
  if (balance.isPending) return <SkeletonLines count={4} />;
  if (balance.isError) {
    return <ErrorState message={errorText(balance.error)} onRetry={() => void balance.refetch()} />;
  }
  const { held, owed, vip } = balance.data;
  const hasHeld = (pointsMinor(held) ?? 0n) > 0n;
  const hasOwed = (pointsMinor(owed) ?? 0n) > 0n;
  return (
    <div className="points-current">
      <section className="points-card" aria-labelledby="points-balance-title">
        <h2 id="points-balance-title" className="points-card__title">
          {t('points.balance.title')}
        </h2>
        <dl className="points-figures">
          <div>
            <dt>{t('points.balance.available')}</dt>
            <dd className="points-figures__main">{displayPoints(balance.data.balance)}</dd>
          </div>
          {hasHeld ? (
            <div>
              <dt>{t('points.balance.held')}</dt>
              <dd>{displayPoints(held)}</dd>
            </div>
          ) : null}
          {hasOwed ? (
            <div>
              <dt>{t('points.balance.owed')}</dt>
              <dd>{displayPoints(owed)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('points.balance.vip')}</dt>
            <dd>{vipLabel(vip) ?? t('points.balance.vipNone')}</dd>
          </div>
        </dl>
        {hasOwed ? <p className="points-card__note">{t('points.balance.owedHint')}</p> : null}
        {config.data ? <NextTier level={vip.level} config={config.data} currency={currency} /> : null}
        <p className="points-card__note">{t('points.balance.neverExpire')}</p>
      </section>
      {config.data?.convertEnabled ? (
        <section className="points-card" aria-labelledby="points-convert-title">
          <h2 id="points-convert-title" className="points-card__title">
            {t('points.convert.title')}
          </h2>
          <ConvertForm balance={balance.data.balance} ratio={config.data.convertRatio} currency={currency} />
        </section>
      ) : null}
    </div>
  );
}
