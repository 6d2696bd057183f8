import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { usePointsBalance } from '../api/points-queries';
import { displayPoints } from '../model/points-format';
import './points-badge.css';

/**
 * The points balance and VIP level, linking to the points mall: small in the header, a card on top of
 * the member centre. Its own small lazy chunk (the layout's content slot and the member centre load it
 * for a signed-in real account), so nothing of points enters home's first load; it shows nothing until
 * the balance is read, and nothing when the read fails.
 */
export default function PointsBadge({ place }: { place: 'header' | 'memberCentre' }) {
  const { t } = useTranslation('points');
  const balance = usePointsBalance();
  if (!balance.data) return null;
  const points = displayPoints(balance.data.balance);
  const { vip } = balance.data;
  const vipText =
    vip.level > 0
      ? vip.name
        ? t('points.balance.vipNamed', { level: vip.level, name: vip.name })
        : t('points.balance.vipLevel', { level: vip.level })
      : null;
  return (
    <Link to="/pointMall" className={`points-badge points-badge--${place}`}>
      <Icon name="crown" size={16} />
      {vipText ? <span className="points-badge__vip">{vipText}</span> : null}
      <span className="visually-hidden">{t('points.header.label', { points })}</span>
      <span className="points-badge__value" aria-hidden="true">
        {t('points.header.short', { points })}
      </span>
    </Link>
  );
}
