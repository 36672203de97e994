import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox, FormNotice } from '../../../components/ui/field';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { formatMoney } from '../../../lib/format';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { useRefreshAfterTakingPart } from '../../../lib/promotions/promotion-queries';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import type { PromotionDetail } from '../api/promotions';
import { claimRafflePrize, type RafflePrize, type RaffleView } from '../api/raffle';
import { claimFailureKeyOf, type PrizeClaimState, prizeClaimStateOf } from '../raffle-words';

const claimTones: Record<PrizeClaimState, StatusTone> = {
  claimable: 'good',
  claimed: 'good',
  expired: 'neutral',
};

/** Whether the raffle pays its prizes as a bonus (under the promotion's terms) rather than as cash. */
export function isPaidAsBonus(detail: Pick<PromotionDetail, 'rules' | 'terms'>): boolean {
  return detail.rules.payAs === 'bonus' && detail.terms !== null;
}

type PrizeRowProps = {
  prize: RafflePrize;
  now: Date;
  isClaiming: boolean;
  answer: FormAnswer | null;
  onClaim: () => void;
};

/** One prize: its place, ticket and amount, and Claim while it may be claimed, or how it ended. */
export function PrizeRow({ prize, now, isClaiming, answer, onClaim }: PrizeRowProps) {
  const { t } = useTranslation();
  const { symbol, language, timeZone } = usePromotionViewer();
  const format = dateFormatOf(language, timeZone, 'moment');
  const state = prizeClaimStateOf(prize, now);
  let when: string;
  if (state === 'claimable') {
    when = t('promotions.raffle.myPrizes.claimBy', { date: format.format(new Date(prize.claimBy)) });
  } else if (state === 'claimed' && prize.claimedAt) {
    when = t('promotions.raffle.myPrizes.claimedAt', { date: format.format(new Date(prize.claimedAt)) });
  } else if (state === 'expired') {
    when = t('promotions.raffle.myPrizes.expiredAt', { date: format.format(new Date(prize.claimBy)) });
  } else {
    when = '';
  }
  return (
    <li className="flex flex-col gap-2 py-2" data-testid="raffle-prize" data-claim={state}>
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <span className="text-lg font-bold text-text tabular">{formatMoney(prize.amount, symbol)}</span>
          <span className="text-xs text-muted tabular">
            {t('promotions.raffle.myPrizes.place', { rank: prize.rank, ticket: prize.ticketId })}
          </span>
          {when ? <span className="text-xs text-muted tabular">{when}</span> : null}
        </div>
        {state === 'claimable' ? (
          <Button
            size="sm"
            disabled={isClaiming}
            onClick={onClaim}
            data-testid="raffle-claim"
            aria-label={t('promotions.raffle.myPrizes.claimOf', {
              amount: formatMoney(prize.amount, symbol),
            })}
          >
            {t('promotions.raffle.myPrizes.claim')}
          </Button>
        ) : (
          <StatusBadge tone={claimTones[state]} testId="raffle-prize-status">
            {t(`promotions.raffle.myPrizes.status.${state}`)}
          </StatusBadge>
        )}
      </div>
      {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
    </li>
  );
}

/**
 * The prizes the member won, each with Claim while it may be claimed. A prize paid as a bonus
 * needs the terms accepted first (one box for every prize); a refusal is said under the prize it
 * was for, and what the member sees is read again.
 */
export function RafflePrizes({
  detail,
  raffle,
  now,
}: {
  detail: PromotionDetail;
  raffle: RaffleView;
  now: Date;
}) {
  const { t } = useTranslation();
  const { language } = usePromotionViewer();
  const refresh = useRefreshAfterTakingPart();
  const isBonus = isPaidAsBonus(detail);
  const [isAccepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: string; answer: FormAnswer } | null>(null);
  const [claimedId, setClaimedId] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: (id: string) => claimRafflePrize({ id, acceptTerms: isBonus && isAccepted }, language),
    onSuccess: (_detail, id) => {
      setClaimedId(id);
      setAccepted(false);
      refresh();
    },
    onError: (error, id) => {
      const key = claimFailureKeyOf(error);
      setFailure({
        id,
        answer: key
          ? { message: t(key), code: isApiError(error) ? error.code : undefined }
          : answerOfFailure(error, t('auth.submitFailed')),
      });
      // A prize claimed or expired meanwhile shows as it now stands.
      if (key) refresh();
    },
  });
  const prizes = [...raffle.myPrizes].sort((left, right) => left.rank - right.rank);
  const hasClaimable = prizes.some((prize) => prizeClaimStateOf(prize, now) === 'claimable');

  function claimPrize(id: string) {
    setFailure(null);
    setClaimedId(null);
    if (isBonus && !isAccepted) {
      setAcceptError(t('promotions.acceptRequired'));
      return;
    }
    claim.mutate(id);
  }

  return (
    <div className="flex flex-col gap-1 border-t border-line pt-3" data-testid="raffle-my-prizes">
      <h4 className="flex items-center gap-1.5 text-sm font-semibold text-text">
        <Trophy size={16} aria-hidden="true" className="text-accent-text" />
        {t('promotions.raffle.myPrizes.title')}
      </h4>
      {hasClaimable && isBonus ? (
        <Checkbox
          checked={isAccepted}
          onCheckedChange={(checked) => {
            setAccepted(checked);
            setAcceptError(null);
          }}
          error={acceptError}
          testId="raffle-accept-terms"
        >
          {t('promotions.raffle.myPrizes.acceptTerms')}
        </Checkbox>
      ) : null}
      <ul className="flex flex-col divide-y divide-line">
        {prizes.map((prize) => (
          <PrizeRow
            key={prize.id}
            prize={prize}
            now={now}
            isClaiming={claim.isPending}
            answer={failure?.id === prize.id ? failure.answer : null}
            onClaim={() => claimPrize(prize.id)}
          />
        ))}
      </ul>
      {claimedId ? (
        <p
          role="status"
          className="flex items-center gap-2 text-sm font-medium text-success"
          data-testid="raffle-claim-done"
        >
          <CircleCheck size={18} aria-hidden="true" className="shrink-0" />
          {t(isBonus ? 'promotions.raffle.myPrizes.doneBonus' : 'promotions.raffle.myPrizes.doneCash')}
        </p>
      ) : null}
    </div>
  );
}
