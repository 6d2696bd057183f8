import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useAnnouncementPage } from '../api/content-queries';

/** Spec section 9 (the contracts' footerPromotionLimit; values from contracts would pull zod into the chunk). */
const footerPromotionLimit = 6;

/** The footer's promotion list: at most 6 (spec section 9), each opening /promotions#id. */
export default function FooterPromotions() {
  const { t } = useTranslation('content');
  const page = useAnnouncementPage('PR', 1, footerPromotionLimit);
  if (page.isPending) return <SkeletonLines count={3} />;
  if (page.isError || page.data.items.length === 0) {
    return <p className="site-footer__muted">{t('promotions.emptyTitle')}</p>;
  }
  return (
    <ul className="site-footer__list">
      {page.data.items.map((promotion) => (
        <li key={promotion.id}>
          <Link to={{ pathname: '/promotions', hash: promotion.id }}>{promotion.title}</Link>
        </li>
      ))}
    </ul>
  );
}
