import { Gift, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageFrame } from '../../../components/ui/page-frame';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { PromotionTab } from '../api/promotions';
import { usePromotionList, usePromotionTypes } from '../hooks/use-promotions';
import { isPromotionTab, promotionTabWords, tabsOf } from '../promotion-types';
import { PromotionCard, PromotionCardSkeleton } from './promotion-card';
import { PromotionDetailDialog } from './promotion-detail-dialog';

/** Cards in the first row load at once; the rest wait until they come near the screen. */
const FIRST_ROW_CARDS = 3;

/** Set by the list when it opens a promotion, so that closing it goes back rather than forward. */
type OpenedFromList = { isOpenedFromList: true };

function isOpenedFromList(state: unknown): state is OpenedFromList {
  return typeof state === 'object' && state !== null && (state as OpenedFromList).isOpenedFromList === true;
}

/**
 * The promotion a `#<id>` in the address names (spec §2 "/promotions (optional anchor #{id})", as
 * the side menu links), opened over the list; opening a card sets it, and going back closes it.
 */
function usePromotionHash() {
  const location = useLocation();
  const navigate = useNavigate();
  const openId = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  const open = (id: string) =>
    navigate(
      { search: location.search, hash: encodeURIComponent(id) },
      { state: { isOpenedFromList: true } satisfies OpenedFromList },
    );
  const close = () => {
    if (isOpenedFromList(location.state)) navigate(-1);
    else navigate({ search: location.search, hash: '' }, { replace: true });
  };
  return { openId, open, close };
}

/** Promotions (spec §2 "/promotions"): the tabs that have promotions, their cards, and one promotion's details. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { isMember } = usePromotionViewer();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('type');
  const tab: PromotionTab = isPromotionTab(requested) ? requested : 'ALL';
  const [page, setPage] = useState(1);
  const types = usePromotionTypes();
  const list = usePromotionList(tab, page);
  const hash = usePromotionHash();
  // A tab asked for by address shows even before the scan says it has promotions, so it never jumps away.
  const tabs = tabsOf([...(types.data ?? []), ...(tab === 'ALL' ? [] : [tab])]);

  function chooseTab(next: PromotionTab) {
    setPage(1);
    setSearchParams(next === 'ALL' ? {} : { type: next }, { replace: true });
  }

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <div
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        data-testid="promotions-loading"
      >
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <PromotionCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = <ErrorState title={t('promotions.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (list.data.list.length === 0) {
    body = (
      <EmptyState
        icon={<Gift size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={t('promotions.empty')}
        line={t('promotions.emptyLine')}
        action={
          tab === 'ALL' ? null : (
            <Button variant="secondary" onClick={() => chooseTab('ALL')}>
              {t('promotions.seeAll')}
            </Button>
          )
        }
      />
    );
  } else {
    body = (
      <>
        <ul
          className={`grid gap-3 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="promotion-list"
        >
          {list.data.list.map((promotion, index) => (
            <li key={promotion.id} className="flex">
              <PromotionCard promotion={promotion} isFirstRow={index < FIRST_ROW_CARDS} onOpen={hash.open} />
            </li>
          ))}
        </ul>
        <Pagination
          current={page}
          total={list.data.totalPages}
          onChange={(next) => {
            setPage(next);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <PageFrame
      title={t('pages.promotionsTitle')}
      icon={Megaphone}
      testId="promotions-page"
      actions={
        isMember ? (
          <ButtonLink to="/member?page=myPromotions" variant="secondary" size="sm" icon={Gift}>
            {t('promotions.action.myPromotions')}
          </ButtonLink>
        ) : null
      }
    >
      <p className="-mt-2 text-sm text-muted">{t('promotions.pageLine')}</p>
      <Tabs
        label={t('promotions.tabsLabel')}
        variant="chips"
        items={tabs.map((key) => ({ key, label: t(`pages.promotionTypes.${promotionTabWords[key]}`) }))}
        value={tab}
        onChange={chooseTab}
      />
      {body}
      {hash.openId ? <PromotionDetailDialog id={hash.openId} onClose={hash.close} /> : null}
    </PageFrame>
  );
}
