import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useModalStore } from '../../../lib/modal-store';
import type { Goods } from '../api/points';
import { useGoods, usePointsViewer } from '../hooks/use-points';
import { GoodsCard, GoodsCardSkeleton } from './goods-card';
import { ViewerPrompt } from './viewer-prompt';

/** Cards in the first row load at once; the rest wait until they come near the screen. */
const FIRST_ROW_CARDS = 3;

/**
 * The rewards to redeem (spec §2 "redeem"), a page at a time; a member's choice goes to `onRedeem`,
 * whose redeem dialog the page holds (so that it stays open when the page's layout changes).
 * Visitors see the rewards and are asked to log in to redeem.
 */
export function GoodsSection({ onRedeem }: { onRedeem: (goods: Goods) => void }) {
  const { t } = useTranslation();
  const { viewer, symbol } = usePointsViewer();
  const openModal = useModalStore((state) => state.openModal);
  const [page, setPage] = useState(1);
  const goods = useGoods(page);

  function act(item: Goods) {
    if (viewer === 'member') onRedeem(item);
    else openModal(viewer === 'trial' ? 'registerModal' : 'loginPopupModal');
  }

  let body: React.ReactNode;
  if (goods.isPending) {
    body = (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true" data-testid="goods-loading">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
          <GoodsCardSkeleton key={index} />
        ))}
      </div>
    );
  } else if (goods.isError) {
    body = <ErrorState title={t('pointMall.goods.loadFailed')} onRetry={() => void goods.refetch()} />;
  } else if (goods.data.list.length === 0) {
    body = (
      <EmptyState
        icon={<Gift size={26} strokeWidth={1.75} aria-hidden="true" />}
        title={t('pointMall.goods.empty')}
        line={t('pointMall.goods.emptyLine')}
      />
    );
  } else {
    body = (
      <>
        <ul
          className={`grid grid-cols-2 gap-3 sm:grid-cols-3 ${goods.isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="goods-list"
        >
          {goods.data.list.map((item, index) => (
            <li key={item.id} className="flex">
              <GoodsCard
                goods={item}
                symbol={symbol}
                isFirstRow={index < FIRST_ROW_CARDS}
                action={viewer === 'member' ? 'redeem' : viewer === 'trial' ? 'register' : 'login'}
                onAction={act}
              />
            </li>
          ))}
        </ul>
        <Pagination current={page} total={goods.data.totalPages} onChange={setPage} />
      </>
    );
  }

  return (
    <section aria-labelledby="points-goods-title" className="flex flex-col gap-3" data-testid="points-goods">
      <h2 id="points-goods-title" className="sr-only">
        {t('pointMall.goods.heading')}
      </h2>
      {viewer === 'member' ? null : (
        <div className="rounded-md border border-line bg-surface px-3 py-2">
          <ViewerPrompt
            viewer={viewer}
            line={t('pointMall.goods.loginToRedeem')}
            testId="goods-login-prompt"
          />
        </div>
      )}
      {body}
    </section>
  );
}
