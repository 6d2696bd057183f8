import type { Currency, PointsConfig } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { usePointsConfig } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayAmount, displayPoints, rateShown } from '../model/points-format';
import { earnTypeList } from '../model/points-lists';

/** The earning rates per type, each in words ("1 point per ฿100.00 of valid bets"). */
function EarningRates({ config, currency }: { config: PointsConfig; currency: Currency }) {
  const { t } = useTranslation('points');
  return (
    <section className="points-card" aria-labelledby="points-rules-earning">
      <h2 id="points-rules-earning" className="points-card__title">
        {t('points.rules.earning')}
      </h2>
      {config.earningEnabled ? null : <p className="points-card__note">{t('points.rules.earningOff')}</p>}
      <table className="data-table points-rules__table">
        <caption className="visually-hidden">{t('points.rules.earning')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('points.rules.type')}</th>
            <th scope="col">{t('points.rules.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {earnTypeList.map((type) => {
            const rate = rateShown(config.rates[type]);
            const key = type === 'deposit' ? 'points.rules.perDeposit' : 'points.rules.perBet';
            return (
              <tr key={type}>
                <th scope="row" data-label={t('points.rules.type')}>
                  {t(`points.types.${type}`)}
                </th>
                <td data-label={t('points.rules.rate')}>
                  {rate
                    ? t(key, {
                        points: rate.points,
                        amount: displayAmount(rate.amount, currency),
                        count: Number(rate.points.replaceAll(',', '')),
                      })
                    : t('points.rules.noRate')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="points-card__note">{t('points.rules.neverExpire')}</p>
    </section>
  );
}

/** The VIP tiers: level, name, threshold by the merchant's basis, level-up reward. */
function VipTiers({ config, currency }: { config: PointsConfig; currency: Currency }) {
  const { t } = useTranslation('points');
  const threshold = (text: string) =>
    config.vipBasis === 'valid_bet'
      ? displayAmount(text, currency)
      : t('points.pointsUnit', { points: displayPoints(text) });
  return (
    <section className="points-card" aria-labelledby="points-rules-vip">
      <h2 id="points-rules-vip" className="points-card__title">
        {t('points.rules.vip')}
      </h2>
      {config.vipTiers.length === 0 ? (
        <p className="points-card__note">{t('points.rules.vipNone')}</p>
      ) : (
        <>
          <p className="points-card__note">
            {t(config.vipBasis === 'valid_bet' ? 'points.rules.vipBasisBet' : 'points.rules.vipBasisPoints')}
          </p>
          <table className="data-table points-rules__table">
            <caption className="visually-hidden">{t('points.rules.vip')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('points.rules.level')}</th>
                <th scope="col">{t('points.rules.name')}</th>
                <th scope="col">{t('points.rules.threshold')}</th>
                <th scope="col">{t('points.rules.reward')}</th>
              </tr>
            </thead>
            <tbody>
              {config.vipTiers.map((tier) => (
                <tr key={tier.level}>
                  <td data-label={t('points.rules.level')}>{tier.level}</td>
                  <td data-label={t('points.rules.name')}>{tier.name}</td>
                  <td data-label={t('points.rules.threshold')}>{threshold(tier.threshold)}</td>
                  <td data-label={t('points.rules.reward')}>
                    {tier.levelUpReward
                      ? displayAmount(tier.levelUpReward, currency)
                      : t('points.rules.noReward')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

/** Points rules: the merchant's rates per type, the convert ratio and the VIP tiers, in the reader's language. */
export function PointsRules({ currency }: { currency: Currency }) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const config = usePointsConfig();
  if (config.isPending) return <SkeletonLines count={6} />;
  if (config.isError)
    return <ErrorState message={errorText(config.error)} onRetry={() => void config.refetch()} />;
  return (
    <div className="points-rules">
      <EarningRates config={config.data} currency={currency} />
      <section className="points-card" aria-labelledby="points-rules-convert">
        <h2 id="points-rules-convert" className="points-card__title">
          {t('points.rules.convert')}
        </h2>
        <p className="points-card__note">
          {config.data.convertEnabled
            ? t('points.rules.convertOn', {
                points: displayPoints(config.data.convertRatio),
                amount: displayAmount('1', currency),
              })
            : t('points.rules.convertOff')}
        </p>
      </section>
      <VipTiers config={config.data} currency={currency} />
    </div>
  );
}
