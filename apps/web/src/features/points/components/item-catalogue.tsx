import type { Currency, PointsItem } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { usePointsBalance, usePointsItems } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayAmount, displayPoints } from '../model/points-format';
import { RedeemDialog } from './redeem-dialog';

/** One item's card: image, kind, name, price in points, what a unit pays, stock and VIP floor. */
function ItemCard({
  item,
  currency,
  vipLevel,
  onRedeem,
}: {
  item: PointsItem;
  currency: Currency;
  vipLevel: number;
  onRedeem: () => void;
}) {
  const { t } = useTranslation('points');
  const titleId = `points-item-${item.id}`;
  const soldOut = item.stock !== null && item.stock < item.minUnits;
  const belowVip = item.minVipLevel > vipLevel;
  return (
    <li className="points-item" aria-labelledby={titleId}>
      {item.imageUrl ? (
        <img className="points-item__image" src={item.imageUrl} alt="" loading="lazy" />
      ) : null}
      <span className={`points-kind points-kind--${item.kind}`}>{t(`points.mall.kinds.${item.kind}`)}</span>
      <h3 id={titleId} className="points-item__name">
        {item.name}
      </h3>
      {item.description ? <p className="points-item__text">{item.description}</p> : null}
      <p className="points-item__price">
        {t('points.mall.perUnit', { points: displayPoints(item.pointsPerUnit) })}
      </p>
      {item.amountPerUnit ? (
        <p className="points-item__text">
          {t('points.mall.pays', { amount: displayAmount(item.amountPerUnit, currency) })}
        </p>
      ) : null}
      {item.stock !== null ? (
        <p className="points-item__text">
          {soldOut ? t('points.mall.outOfStock') : t('points.mall.stock', { count: item.stock })}
        </p>
      ) : null}
      {item.minVipLevel > 0 ? (
        <p className="points-item__text">{t('points.mall.vipOnly', { level: item.minVipLevel })}</p>
      ) : null}
      <button
        type="button"
        className="button button--primary"
        onClick={onRedeem}
        disabled={soldOut || belowVip}
        aria-label={t('points.mall.redeemItem', { name: item.name })}
      >
        {t('points.mall.redeem')}
      </button>
    </li>
  );
}

/** The points mall's items as cards; Redeem opens the dialog with exactly the fields the item needs. */
export function ItemCatalogue({ currency }: { currency: Currency }) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const items = usePointsItems();
  const balance = usePointsBalance();
  const [chosen, setChosen] = useState<PointsItem | null>(null);
  if (items.isPending) return <SkeletonLines count={5} />;
  if (items.isError)
    return <ErrorState message={errorText(items.error)} onRetry={() => void items.refetch()} />;
  if (items.data.items.length === 0) {
    return <EmptyState icon="gift" title={t('points.mall.empty')} text={t('points.mall.emptyText')} />;
  }
  return (
    <>
      <ul className="points-items" aria-label={t('points.mall.title')}>
        {items.data.items.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            currency={currency}
            vipLevel={balance.data?.vip.level ?? 0}
            onRedeem={() => setChosen(item)}
          />
        ))}
      </ul>
      {chosen ? (
        <RedeemDialog
          item={chosen}
          balance={balance.data?.balance ?? null}
          currency={currency}
          onClose={() => setChosen(null)}
        />
      ) : null}
    </>
  );
}
