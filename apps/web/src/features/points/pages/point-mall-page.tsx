import type { Currency } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CurrentPoints } from '../components/current-points';
import { ItemCatalogue } from '../components/item-catalogue';
import { PointsDetails } from '../components/points-details';
import { PointsRules } from '../components/points-rules';
import { RedeemHistory } from '../components/redeem-history';

/** The points mall's subpages (spec section 2: current points, redeem history, points details, points rules). */
export const pointMallViews = ['current', 'mall', 'history', 'details', 'rules'] as const;
export type PointMallView = (typeof pointMallViews)[number];

/** The view named by ?view=, or current points. */
export function pointMallView(value: string | null): PointMallView {
  return pointMallViews.find((view) => view === value) ?? 'current';
}

function viewContent(view: PointMallView, currency: Currency): ReactNode {
  switch (view) {
    case 'current':
      return <CurrentPoints currency={currency} />;
    case 'mall':
      return <ItemCatalogue currency={currency} />;
    case 'history':
      return <RedeemHistory currency={currency} />;
    case 'details':
      return <PointsDetails />;
    case 'rules':
      return <PointsRules currency={currency} />;
  }
}

/** /pointMall?view=...: the points mall with its subpages as linkable views. */
export function PointMallPage({ currency }: { currency: Currency }) {
  const { t } = useTranslation('points');
  const [search] = useSearchParams();
  const view = pointMallView(search.get('view'));
  return (
    <div className="page points-page">
      <h1 className="page__title">{t('nav.pointMall')}</h1>
      <nav className="points-views" aria-label={t('points.views.label')}>
        {pointMallViews.map((name) => (
          <Link
            key={name}
            to={{ search: name === 'current' ? '' : `?view=${name}` }}
            className="points-views__link"
            aria-current={view === name ? 'page' : undefined}
          >
            {t(`points.views.${name}`)}
          </Link>
        ))}
      </nav>
      <section className="points-view" aria-labelledby="points-view-title">
        <h2 id="points-view-title" className="visually-hidden">
          {t(`points.views.${view}`)}
        </h2>
        {viewContent(view, currency)}
      </section>
    </div>
  );
}
