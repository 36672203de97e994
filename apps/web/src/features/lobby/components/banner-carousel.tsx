import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Banner } from '../../../lib/api/system-types';
import { joinClassNames } from '../../../lib/class-names';

/** Spec §9: advance every 5000 ms, 1000 ms transition, loop, about 20 px between slides. */
export const bannerAdvanceMs = 5_000;
export const bannerTransitionMs = 1_000;
const bannerGapPx = 20;
const swipeThresholdPx = 40;

function usePrefersReducedMotion(): boolean {
  const [prefers, setPrefers] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setPrefers(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return prefers;
}

/**
 * The home banners. The track holds the slides plus a copy of the first one at the end, so that the
 * loop always moves forward; after reaching the copy it jumps back to the real first slide unseen.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState(0);
  const [isAnimated, setAnimated] = useState(true);
  const [isPaused, setPaused] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const count = banners.length;
  const hasSeveral = count > 1;
  const firstBanner = banners[0];
  const slides = hasSeveral && firstBanner ? [...banners, firstBanner] : banners;
  const activeIndex = position % Math.max(count, 1);

  useEffect(() => {
    if (!hasSeveral || isPaused || prefersReducedMotion) return;
    const timer = setInterval(() => {
      setAnimated(true);
      setPosition((current) => current + 1);
    }, bannerAdvanceMs);
    return () => clearInterval(timer);
  }, [hasSeveral, isPaused, prefersReducedMotion]);

  useEffect(() => {
    if (position !== count || !hasSeveral) return;
    const timer = setTimeout(
      () => {
        setAnimated(false);
        setPosition(0);
      },
      prefersReducedMotion ? 0 : bannerTransitionMs,
    );
    return () => clearTimeout(timer);
  }, [position, count, hasSeveral, prefersReducedMotion]);

  function goTo(index: number) {
    setAnimated(true);
    setPosition(index);
  }

  function open(banner: Banner) {
    if (!banner.linkTarget) return;
    if (banner.linkType === 'URL') window.open(banner.linkTarget, '_blank', 'noopener');
    else if (banner.linkType === 'ROUTE') navigate(banner.linkTarget);
    else if (banner.linkType === 'PROMOTION') navigate(`/promotions#${banner.linkTarget}`);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.bannerLabel', { index: activeIndex + 1, count })}
      className="relative overflow-hidden rounded-lg"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null || !hasSeveral) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) < swipeThresholdPx) return;
        goTo(distance < 0 ? Math.min(position + 1, count) : Math.max((activeIndex || count) - 1, 0));
      }}
      data-testid="banner-carousel"
    >
      <div
        className="flex"
        style={{
          gap: bannerGapPx,
          transform: `translateX(calc(${-position * 100}% - ${position * bannerGapPx}px))`,
          transition:
            isAnimated && !prefersReducedMotion ? `transform ${bannerTransitionMs}ms ease-in-out` : 'none',
        }}
      >
        {slides.map((banner, index) => (
          <button
            // The loop's copy of the first slide shares its id, so it gets a key of its own.
            key={index === count ? 'loop-copy' : banner.id}
            type="button"
            tabIndex={index === position ? 0 : -1}
            aria-hidden={index !== position}
            onClick={() => open(banner)}
            className={joinClassNames(
              'block w-full shrink-0 overflow-hidden rounded-lg bg-raised',
              banner.linkType === 'NONE' ? 'cursor-default' : 'cursor-pointer',
            )}
          >
            <img
              src={banner.url}
              alt={banner.title}
              className="aspect-[12/5] w-full object-cover md:aspect-[16/5]"
              loading={index === 0 ? 'eager' : 'lazy'}
              draggable={false}
            />
          </button>
        ))}
      </div>
      {hasSeveral ? (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              aria-label={t('home.bannerLabel', { index: index + 1, count })}
              aria-current={index === activeIndex}
              onClick={() => goTo(index)}
              className="grid h-6 min-w-6 place-items-center"
            >
              <span
                className={joinClassNames(
                  'block h-1.5 rounded-full transition-all duration-200',
                  index === activeIndex ? 'w-5 bg-accent' : 'w-1.5 bg-on-hero/60',
                )}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
