import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useModalStore } from '../../../lib/modal-store';

/** Seconds per notice title; longer lists scroll longer so the speed stays readable. */
const secondsPerNotice = 8;

/** The notice marquee: titles scroll by, and tapping one opens noticeModal at its index (spec §2). */
export function NoticeMarquee({ notices }: { notices: readonly { id: string; title: string }[] }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  if (notices.length === 0) return null;
  const items = (copy: number) =>
    notices.map((notice, index) => (
      <button
        key={`${copy}-${notice.id}`}
        type="button"
        tabIndex={copy === 0 ? 0 : -1}
        aria-hidden={copy !== 0}
        onClick={() => openModal('noticeModal', { index })}
        className="inline-flex min-h-11 shrink-0 items-center px-4 text-sm text-text hover:text-accent-text"
      >
        <span className="mr-4 size-1 rounded-full bg-accent" aria-hidden="true" />
        {notice.title}
      </button>
    ));
  return (
    <section
      aria-label={t('home.noticeLabel')}
      className="flex items-center gap-2 overflow-hidden rounded-md border border-line bg-surface pl-3"
      data-testid="notice-marquee"
    >
      <span className="flex shrink-0 items-center gap-1.5 text-xs font-semibold text-accent-text">
        <Megaphone size={16} aria-hidden="true" />
        <span className="hidden sm:inline">{t('home.noticeLabel')}</span>
      </span>
      <div className="relative min-w-0 flex-1 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_16px,black_calc(100%-16px),transparent)]">
        <div
          className="flex w-max animate-marquee hover:[animation-play-state:paused] motion-reduce:animate-none"
          // A CSS custom property is not among React's style keys; the animation reads it (index.css).
          style={{ ['--marquee-duration' as string]: `${Math.max(notices.length, 2) * secondsPerNotice}s` }}
        >
          {items(0)}
          {items(1)}
        </div>
      </div>
    </section>
  );
}
