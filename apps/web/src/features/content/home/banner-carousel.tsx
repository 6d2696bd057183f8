import type { Banner, BannerGroup } from '@portal/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { useAfterIdle } from '../../../components/ui/use-near-viewport';
import { useBanners } from '../api/content-queries';
import { bannerTarget } from '../lib/banner-target';

/** Spec section 9: autoplay every 5000 ms, slides move in 1000 ms, 20.3 px between slides. */
export const carouselTiming = { autoplayMs: 5000, speedMs: 1000, gapPx: 20.3 };

interface BannerSlideProps {
  banner: Banner;
  active: boolean;
  first: boolean;
  /** Whether its picture loads now: the first and the shown slide at once, the rest once idle. */
  load: boolean;
}

function BannerSlide({ banner, active, first, load }: BannerSlideProps) {
  const navigate = useNavigate();
  const target = bannerTarget(banner);
  // The first slide is what the page opens on (often its largest picture): it loads ahead of the rest.
  const image = (
    <img
      src={load ? banner.url : undefined}
      alt={banner.title}
      className="banner-carousel__image"
      draggable={false}
      fetchPriority={first ? 'high' : 'low'}
    />
  );
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" tabIndex={active ? 0 : -1}>
        {image}
      </a>
    );
  }
  if (target.kind === 'route') {
    return (
      <a
        href={target.to}
        tabIndex={active ? 0 : -1}
        onClick={(event) => {
          event.preventDefault();
          void navigate(target.to);
        }}
      >
        {image}
      </a>
    );
  }
  return image;
}

/**
 * Banners of one place as a carousel: autoplay (paused on hover, focus and under reduced motion), loop
 * only with more than one banner, previous/next buttons and dots; a click opens the banner's target.
 */
export function BannerCarousel({ groupName, className }: { groupName: BannerGroup; className?: string }) {
  const { t } = useTranslation('content');
  const banners = useBanners(groupName);
  const items = banners.data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  // The other slides' pictures wait for the page's first paint and an idle moment: they are off to the
  // side for 5 s, and loading them beside the first one only slows the page's first view.
  const restReady = useAfterIdle();
  const loop = items.length > 1;
  const count = items.length;

  const go = useCallback(
    (next: number) => {
      if (count === 0) return;
      setIndex(loop ? (next + count) % count : Math.max(0, Math.min(count - 1, next)));
    },
    [count, loop],
  );

  useEffect(() => {
    if (!loop || paused || reducedMotion) return undefined;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), carouselTiming.autoplayMs);
    return () => clearInterval(timer);
  }, [loop, paused, reducedMotion, count]);

  if (banners.isPending)
    return (
      <div
        className={`skeleton banner-carousel banner-carousel--${groupName} ${className ?? ''}`}
        aria-hidden="true"
      />
    );
  if (banners.isError || count === 0) return null;
  const current = Math.min(index, count - 1);
  return (
    <section
      className={`banner-carousel banner-carousel--${groupName} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={t('banners.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banner-carousel__viewport">
        <ul
          className="banner-carousel__track"
          style={{
            transform: `translateX(calc(${-current * 100}% - ${current * carouselTiming.gapPx}px))`,
            transitionDuration: reducedMotion ? '0ms' : `${carouselTiming.speedMs}ms`,
            gap: `${carouselTiming.gapPx}px`,
          }}
        >
          {items.map((banner, position) => (
            <li
              key={banner.id}
              className="banner-carousel__slide"
              aria-roledescription="slide"
              aria-label={t('banners.slide', { index: position + 1, count })}
              aria-hidden={position !== current}
            >
              <BannerSlide
                banner={banner}
                active={position === current}
                first={position === 0}
                load={position === 0 || position === current || restReady}
              />
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="banner-carousel__arrow banner-carousel__arrow--previous"
            onClick={() => go(current - 1)}
            aria-label={t('banners.previous')}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className="banner-carousel__arrow banner-carousel__arrow--next"
            onClick={() => go(current + 1)}
            aria-label={t('banners.next')}
          >
            <Icon name="chevronRight" />
          </button>
          <div className="banner-carousel__dots">
            {items.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className="banner-carousel__dot"
                aria-label={t('banners.slide', { index: position + 1, count })}
                aria-current={position === current}
                onClick={() => go(position)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
