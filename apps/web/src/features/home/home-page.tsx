import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';

interface HomePageProps {
  /** Null while the white-label settings load. */
  merchantName: string | null;
  /** Visitors see the log-in and register calls to action. */
  isVisitor: boolean;
  /** The game lobby (the games feature, composed by the route); without it an empty state shows. */
  lobby?: ReactNode;
}

/**
 * Home: the hero, then the game lobby (hot games, category rows, jackpot, winner boards) the route
 * passes in, then the help call to action.
 */
export function HomePage({ merchantName, isVisitor, lobby }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <div className="page home-page">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__content">
          <p className="hero__eyebrow">{t('home.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {merchantName ? (
              t('home.welcome', { merchant: merchantName })
            ) : (
              <Skeleton className="skeleton--title" />
            )}
          </h1>
          <p className="hero__text">{t('home.intro')}</p>
          <div className="hero__actions">
            {isVisitor ? (
              <>
                <Link className="button button--primary button--large" to="/register">
                  {t('auth.register')}
                </Link>
                <Link className="button button--ghost button--large" to="/login">
                  {t('auth.login')}
                </Link>
              </>
            ) : (
              <Link className="button button--primary button--large" to="/member">
                <Icon name="user" />
                {t('nav.member')}
              </Link>
            )}
          </div>
        </div>
        {/* Drawn at build time from Game Icons (scripts/generate-game-art.mjs); hidden on phones, where
            lazy loading keeps it from being fetched at all. */}
        <div className="hero__art" aria-hidden="true">
          <img src="/content/hero-art.svg" alt="" width={480} height={360} loading="lazy" decoding="async" />
        </div>
      </section>

      <section className="section" aria-labelledby="lobby-title">
        <h2 id="lobby-title" className="section__title">
          <Icon name="play" />
          {t('home.lobbyTitle')}
        </h2>
        {lobby ?? (
          <EmptyState icon="gamepad" title={t('home.lobbyEmptyTitle')} text={t('home.lobbyEmptyText')} />
        )}
      </section>

      <section className="section home-page__help" aria-labelledby="help-cta-title">
        <div>
          <h2 id="help-cta-title" className="section__title">
            <Icon name="help" />
            {t('home.helpTitle')}
          </h2>
          <p className="section__text">{t('home.helpText')}</p>
        </div>
        <Link className="button button--secondary" to="/help">
          {t('home.helpAction')}
        </Link>
      </section>
    </div>
  );
}
