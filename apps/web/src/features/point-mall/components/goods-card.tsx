import { Banknote, Gift, Package, Target } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { joinClassNames } from '../../../lib/class-names';
import type { Goods, GoodsKind } from '../api/points';
import { goodsAmountWords, pointsWords, requirementWords, stockWords } from '../point-words';
import { isOutOfStock } from '../redeem-form';

const kindIcons = { cash: Banknote, bonus: Gift, item: Package } satisfies Record<GoodsKind, unknown>;

/**
 * A reward's first picture at 4:3 (its space held before it loads), or, when there is none or it
 * fails, a calm gradient with the kind's icon, so a card never shows a hole. As wide as its place
 * unless `className` gives it a width (the redeem dialog's thumbnail): no width of its own here to
 * outrank that one.
 */
export function GoodsImage({
  goods,
  isLazy = true,
  className,
}: {
  goods: Pick<Goods, 'imageUrls' | 'name' | 'kind'>;
  isLazy?: boolean;
  className?: string;
}) {
  const src = goods.imageUrls[0] ?? null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const Icon = kindIcons[goods.kind];
  return (
    <div className={joinClassNames('relative aspect-[4/3] overflow-hidden bg-raised', className)}>
      {src !== null && src !== '' && failedSrc !== src ? (
        <img
          src={src}
          alt={goods.name}
          loading={isLazy ? 'lazy' : 'eager'}
          decoding="async"
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={goods.name}
          className="grid size-full place-items-center bg-[linear-gradient(135deg,var(--panalo-brand),var(--panalo-raised)_70%)]"
        >
          <Icon size={40} strokeWidth={1.5} aria-hidden="true" className="text-accent" />
        </div>
      )}
    </div>
  );
}

/** A reward's kind as a small pill over its picture. */
export function GoodsKindBadge({ kind }: { kind: GoodsKind }) {
  const { t } = useTranslation();
  const Icon = kindIcons[kind];
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 text-xs font-semibold text-text shadow-sm">
      <Icon size={12} aria-hidden="true" className="text-brand-strong" />
      {t(`pointMall.goods.kinds.${kind}`)}
    </span>
  );
}

/**
 * A reward of the mall: its picture and kind, name, points, what a unit is worth, what it asks of
 * the member, the stock left and the limit, and one button.
 */
export function GoodsCard({
  goods,
  symbol,
  isFirstRow,
  action,
  onAction,
}: {
  goods: Goods;
  symbol: string;
  isFirstRow: boolean;
  /** A member redeems; a visitor is asked to log in, a trial player to register. */
  action: 'redeem' | 'login' | 'register';
  onAction: (goods: Goods) => void;
}) {
  const { t } = useTranslation();
  const isSoldOut = isOutOfStock(goods);
  const amount = goodsAmountWords(t, goods, symbol);
  const label = isSoldOut
    ? t('pointMall.goods.outOfStock')
    : action === 'redeem'
      ? t('pointMall.goods.redeem')
      : t(`common.${action}`);
  return (
    <article
      className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-line bg-surface"
      data-testid="goods-card"
      data-kind={goods.kind}
    >
      <div className="relative">
        <GoodsImage goods={goods} isLazy={!isFirstRow} />
        <span className="absolute top-2 left-2">
          <GoodsKindBadge kind={goods.kind} />
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm font-semibold text-text">{goods.name}</h3>
        <p className="text-base font-bold text-accent-text tabular" data-testid="goods-points">
          {pointsWords(t, goods.points)}
        </p>
        {amount ? <p className="text-xs font-medium text-text">{amount}</p> : null}
        {goods.requirement ? (
          <p className="flex gap-1 text-xs text-muted">
            <Target size={14} aria-hidden="true" className="mt-px shrink-0" />
            <span>{requirementWords(t, goods.requirement, symbol)}</span>
          </p>
        ) : null}
        <p
          className={joinClassNames(
            'text-xs tabular',
            isSoldOut ? 'font-semibold text-danger' : 'text-muted',
          )}
        >
          {stockWords(t, goods.stock)}
        </p>
        {goods.perMemberLimit !== null ? (
          <p className="text-xs text-muted tabular">
            {t('pointMall.goods.limit', { limit: goods.perMemberLimit })}
          </p>
        ) : null}
        <Button
          variant={action === 'redeem' ? 'primary' : 'secondary'}
          size="sm"
          className="mt-auto w-full"
          disabled={isSoldOut}
          onClick={() => onAction(goods)}
          aria-label={`${label}: ${goods.name}`}
          data-testid="goods-redeem"
        >
          {label}
        </Button>
      </div>
    </article>
  );
}

/** The space of a card while the rewards load. */
export function GoodsCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-lg border border-line bg-surface"
      aria-hidden="true"
    >
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="mt-1 h-10 w-full" />
      </div>
    </div>
  );
}
