import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';

/** Lottery (spec §2: /lottery, /seaLottery, /vnLottery; login required; query gameCode). */
export function LotteryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const gameCode = searchParams.get('gameCode');
  return (
    <PageFrame
      title={t('pages.lotteryTitle')}
      icon={Ticket}
      testId="lottery-page"
      actions={
        gameCode ? (
          <span className="rounded-full bg-raised px-3 py-1 text-xs text-muted">
            {t('pages.gameCode')}: <span className="font-semibold text-text">{gameCode}</span>
          </span>
        ) : null
      }
    >
      <Panel>
        <EmptyState icon={<Ticket size={26} aria-hidden="true" />} line={t('pages.lotteryLine')} />
      </Panel>
    </PageFrame>
  );
}
