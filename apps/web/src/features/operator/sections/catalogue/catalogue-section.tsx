import { useTranslation } from 'react-i18next';
import { roleMay } from '../../model/permissions';
import type { SectionPageProps } from '../../sections';
import { GamesPage } from './games-page';
import { VendorsPage } from './vendors-page';
import '../content/content.css';

/** A vendor code as the contracts take it (vassalage); anything else is no page. */
const vendorCode = /^[A-Z0-9_]{2,32}$/;

/**
 * The console's catalogue section (issue 16) at /operator/catalogue: every vendor with this merchant's
 * switches, and at /operator/catalogue/<vendor> its games. Every role reads; the owner switches
 * (ops-access.ts). Its own lazy chunk and namespace (ops-catalogue).
 */
export default function CatalogueSection({ account, rest }: SectionPageProps) {
  const { t } = useTranslation('ops-catalogue');
  const canWrite = roleMay(account.role, 'manageCatalogue');
  const vendor = rest.split('/')[0] ?? '';
  return (
    <div className="ops-content">
      <h1>{t('nav.title')}</h1>
      {vendor === '' ? (
        <VendorsPage canWrite={canWrite} />
      ) : vendorCode.test(vendor) ? (
        <GamesPage key={vendor} vendor={vendor} canWrite={canWrite} />
      ) : (
        <p role="alert">{t('games.unknown')}</p>
      )}
    </div>
  );
}
