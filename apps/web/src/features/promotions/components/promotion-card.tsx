import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PromotionStateBadge } from '../../../components/promotions/promotion-state-badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useModalStore } from '../../../lib/modal-store';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { PromotionListItem } from '../api/promotions';
import { actionOf } from '../promotion-states';
import { PromotionCover } from './promotion-cover';

/** A promotion's dates in the merchant's zone: from–to, or from with no end. */
export function PromotionDates({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t } = useTranslation();
  const { language, timeZone } = usePromotionViewer();
  const format = dateFormatOf(language, timeZone, 'day');
  const from = format.format(new Date(startsAt));
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted tabular">
      <CalendarDays size={14} aria-hidden="true" className="shrink-0" />
      {endsAt
        ? t('promotions.dates.range', { from, to: format.format(new Date(endsAt)) })
        : t('promotions.dates.open', { from })}
    </p>
  );
}

/**
 * A promotion in the list: its cover, title, dates, where the member stands, and one button. An
 * offer reads as the offer (join, claim, apply) and opens the details, where the terms are
 * accepted; a visitor's offer opens the login instead.
 */
export function PromotionCard({
  promotion,
  isFirstRow,
  onOpen,
}: {
  promotion: PromotionListItem;
  isFirstRow: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { isMember } = usePromotionViewer();
  const openModal = useModalStore((state) => state.openModal);
  const action = actionOf(promotion.state, { isMember, kind: promotion.kind });
  const label =
    action.kind === 'login'
      ? t(`promotions.action.loginFor.${action.offer}`)
      : action.kind === 'apply'
        ? t(action.isAgain ? 'promotions.action.applyAgain' : 'promotions.action.apply')
        : action.kind === 'none'
          ? t('promotions.action.details')
          : t(`promotions.action.${action.kind}`);
  const open = () => onOpen(promotion.id);
  return (
    <article
      className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-line bg-surface transition-shadow duration-150 hover:shadow-raised"
      data-testid="promotion-card"
      data-state={promotion.state}
    >
      {/* The picture opens the details too, for the thumb; the button below is the one named for assistive technology. */}
      <button type="button" tabIndex={-1} aria-hidden="true" onClick={open} className="block">
        <PromotionCover
          src={promotion.coverImageUrl}
          alt={t('promotions.coverAlt', { title: promotion.title })}
          isLazy={!isFirstRow}
        />
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm font-semibold text-text">{promotion.title}</h3>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <PromotionDates startsAt={promotion.startsAt} endsAt={promotion.endsAt} />
          <PromotionStateBadge state={promotion.state} kind={promotion.kind} testId="promotion-state" />
        </div>
        <Button
          variant={action.kind === 'none' ? 'secondary' : 'primary'}
          size="sm"
          className="mt-auto w-full"
          onClick={action.kind === 'login' ? () => openModal('loginPopupModal') : open}
          aria-label={`${label}: ${promotion.title}`}
          data-testid="promotion-card-action"
        >
          {label}
        </Button>
      </div>
    </article>
  );
}

/** The space of a card while the list loads. */
export function PromotionCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
      aria-hidden="true"
    >
      <Skeleton className="aspect-[2/1] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-1 h-10 w-full md:h-10" />
      </div>
    </div>
  );
}
