import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { SkeletonLines } from '../../components/ui/skeleton';
import { ErrorState } from '../../components/ui/error-state';
import { footerVendors, VendorBadge } from '../../components/ui/vendor-badge';
import { errorMessageKey } from '../../lib/api';
// Straight from the module: the feature's index also exports the dialog, which help's own chunk carries.
import { useHelpCenter } from '../../features/help/api/help-queries';
import { usePermission } from '../../features/system';
import { useGameCategories } from './game-categories';
import { buildProductLinks } from './navigation';
import { resourceIcons, socialLinks } from './resources';
import { ContentSlot } from './lazy-content';

/** The help list shows at most this many article titles. */
const footerHelpLimit = 8;

function HelpColumn() {
  const { t, i18n } = useTranslation();
  const help = useHelpCenter(i18n.language);
  if (help.isPending) return <SkeletonLines count={4} />;
  if (help.isError) {
    return (
      <ErrorState compact message={t(errorMessageKey(help.error))} onRetry={() => void help.refetch()} />
    );
  }
  const articles = help.data.articles.slice(0, footerHelpLimit);
  if (articles.length === 0) return <p className="site-footer__muted">{t('help.empty')}</p>;
  return (
    <ul className="site-footer__list">
      {articles.map((article) => (
        <li key={article.id}>
          <Link to={{ pathname: '/help', hash: article.term }}>{article.title}</Link>
        </li>
      ))}
    </ul>
  );
}

function ContactAndSocial() {
  const { t } = useTranslation();
  const permission = usePermission();
  if (permission.isPending) {
    return (
      <>
        <section className="site-footer__column" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contactUs')}
          </h2>
          <SkeletonLines count={2} />
        </section>
      </>
    );
  }
  if (permission.isError) {
    return (
      <section className="site-footer__column" aria-labelledby="footer-contact">
        <h2 id="footer-contact" className="site-footer__heading">
          {t('footer.contactUs')}
        </h2>
        <ErrorState
          compact
          message={t(errorMessageKey(permission.error))}
          onRetry={() => void permission.refetch()}
        />
      </section>
    );
  }
  const { customerService, resources } = permission.data.info;
  const social = socialLinks(resources);
  return (
    <>
      <section className="site-footer__column" aria-labelledby="footer-contact">
        <h2 id="footer-contact" className="site-footer__heading">
          {t('footer.contactUs')}
        </h2>
        {customerService.length === 0 ? (
          <p className="site-footer__muted">{t('footer.noContact')}</p>
        ) : (
          <ul className="site-footer__list">
            {customerService.map((entry) => (
              <li key={entry.id}>
                <a href={entry.path} target="_blank" rel="noopener noreferrer">
                  <Icon name="headset" size={16} />
                  {entry.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {social.length > 0 ? (
        <section className="site-footer__column" aria-labelledby="footer-social">
          <h2 id="footer-social" className="site-footer__heading">
            {t('footer.followUs')}
          </h2>
          <ul className="site-footer__social">
            {social.map((resource) => (
              <li key={resource.resourceType + resource.url}>
                <a href={resource.url} target="_blank" rel="noopener noreferrer">
                  <Icon name={resourceIcons[resource.resourceType]} size={16} />
                  {resource.labelNameEn}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The footer's columns, vendor badges and legal lines: a chunk of its own, loaded when the browser is idle. */
export default function FooterContent({ merchantName }: { merchantName: string | null }) {
  const { t } = useTranslation();
  const products = buildProductLinks(useGameCategories());
  const year = new Date().getFullYear();
  return (
    <>
      <div className="site-footer__grid">
        <section className="site-footer__column" aria-labelledby="footer-products">
          <h2 id="footer-products" className="site-footer__heading">
            {t('footer.products')}
          </h2>
          <ul className="site-footer__list">
            {products.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{t(item.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer.help')}
          </h2>
          <HelpColumn />
        </section>
        {/* The promotions column (at most 6) is a lazy chunk: the footer is on every first load. */}
        <ContentSlot kind="footerPromotions" />
        <ContactAndSocial />
      </div>
      <div className="site-footer__vendors">
        <h2 className="visually-hidden">{t('footer.vendors')}</h2>
        <ul className="site-footer__vendor-list" aria-label={t('footer.vendors')}>
          {footerVendors.map((code) => (
            <li key={code}>
              <VendorBadge code={code} />
            </li>
          ))}
        </ul>
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__age">
          <span className="age-badge" aria-hidden="true">
            18+
          </span>
          {t('footer.responsible')}{' '}
          <Link to={{ pathname: '/member', search: '?tab=responsibleGaming' }}>
            {t('footer.responsibleGamingLink')}
          </Link>
        </p>
        <p>{t('footer.copyright', { year, merchant: merchantName ?? '' })}</p>
        {/* The game tiles, vendor logos and banners are composed from Game Icons (CC BY 3.0 asks for
            this credit); names and the licence's name, so the line reads the same in every language. */}
        <p className="site-footer__credit">
          <a href="https://game-icons.net" target="_blank" rel="noopener noreferrer">
            Game Icons
          </a>{' '}
          © Lorc, Delapouite &amp; contributors ·{' '}
          <a href="https://creativecommons.org/licenses/by/3.0/" target="_blank" rel="noopener noreferrer">
            CC BY 3.0
          </a>
        </p>
      </div>
    </>
  );
}
