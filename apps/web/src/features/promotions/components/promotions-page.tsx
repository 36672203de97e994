import { Gift } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { usePublicState } from '../../../lib/system/system-hooks';

/** Promotion types of spec §2, in its order. */
const promotionTypes = [
  'all',
  'others',
  'sports',
  'live',
  'slots',
  'card',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'appDownload',
  'newbie',
  'gamePromotions',
] as const;
type PromotionType = (typeof promotionTypes)[number];

/** Promotions (spec §2; #id opens at a promotion). The side menu's titles list here until details arrive. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { hash, search } = useLocation();
  const publicState = usePublicState();
  // ?type= comes from an announcement's go-to-promotion button (its promotionType, e.g. NEWBIE).
  const requestedType = new URLSearchParams(search)
    .get('type')
    ?.toLowerCase()
    .replace(/[^a-z]/g, '');
  const [type, setType] = useState<PromotionType>(
    () => promotionTypes.find((key) => key.toLowerCase() === requestedType) ?? 'all',
  );
  const promotions = type === 'all' ? (publicState.data?.promotion ?? []) : [];
  const anchoredId = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : null;

  useEffect(() => {
    if (anchoredId)
      document
        .getElementById(`promotion-${anchoredId}`)
        ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [anchoredId]);

  return (
    <PageFrame title={t('pages.promotionsTitle')} icon={Gift} testId="promotions-page">
      <Tabs
        label={t('pages.promotionsTitle')}
        variant="chips"
        items={promotionTypes.map((key) => ({ key, label: t(`pages.promotionTypes.${key}`) }))}
        value={type}
        onChange={setType}
      />
      {promotions.length === 0 ? (
        <Panel>
          <EmptyState icon={<Gift size={26} aria-hidden="true" />} line={t('pages.promotionsLine')} />
        </Panel>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {promotions.map((promotion) => (
            <li
              key={promotion.id}
              id={`promotion-${promotion.id}`}
              className={`flex min-h-20 items-center gap-3 rounded-lg border bg-surface p-4 ${promotion.id === anchoredId ? 'border-accent' : 'border-line'}`}
            >
              <span className="grid size-11 shrink-0 place-items-center rounded-md bg-accent/15 text-accent-text">
                <Gift size={20} aria-hidden="true" />
              </span>
              <span className="text-sm font-semibold">{promotion.title}</span>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
