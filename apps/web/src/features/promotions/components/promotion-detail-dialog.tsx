import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Download, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusProgressPanel } from '../../../components/bonus/bonus-progress-panel';
import { PromotionStateBadge } from '../../../components/promotions/promotion-state-badge';
import { RichText } from '../../../components/ui/accordion';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Dialog } from '../../../components/ui/dialog';
import { Checkbox, FormNotice } from '../../../components/ui/field';
import { Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api/api-error';
import { useNow } from '../../../lib/bonus/use-now';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { formatMoney } from '../../../lib/format';
import { useModalStore } from '../../../lib/modal-store';
import { dateFormatOf } from '../../../lib/promotions/promotion-dates';
import { useRefreshAfterTakingPart } from '../../../lib/promotions/promotion-queries';
import { usePromotionViewer } from '../../../lib/promotions/use-promotion-viewer';
import { claimPromotion, joinPromotion, type PromotionDetail } from '../api/promotions';
import { useApplicationForm } from '../hooks/use-application-form';
import { usePromotionDetail } from '../hooks/use-promotions';
import { actionOf, type PromotionAction, standingLinesOf } from '../promotion-states';
import { ApplicationFields } from './application-fields';
import { MemberImage } from './member-image';
import { PromotionCover } from './promotion-cover';
import { PromotionRules, PromotionTerms } from './promotion-sections';
import { RaffleFairness } from './raffle-fairness';
import { RafflePrizeTable, RaffleWinners } from './raffle-results';
import { RaffleSummary } from './raffle-summary';

/** A countdown in the details moves by the minute. */
const CLOCK_TICK_MS = 60_000;

type Done = 'join' | 'claim' | 'apply';

/** Where the member stands: the state's line, a rejection's reason, their application, their bonus. */
function StandingPanel({ detail }: { detail: PromotionDetail }) {
  const { t } = useTranslation();
  const { symbol, language, timeZone } = usePromotionViewer();
  const now = useNow(CLOCK_TICK_MS);
  const lines = standingLinesOf({
    state: detail.state,
    kind: detail.kind,
    reason: detail.reason,
    bonusStatus: detail.bonus?.status ?? null,
  });
  const entry = detail.entry;
  // A raffle's entry is its join; its prizes are listed in the raffle's own summary.
  const hasEntry =
    entry !== null &&
    detail.kind !== 'raffle' &&
    (detail.state === 'APPLYING' || detail.state === 'REJECTED' || detail.state === 'ISSUED');
  const showsBonus = detail.state === 'PROCESS' && detail.bonus !== null;
  if (lines.length === 0 && !hasEntry && !showsBonus) return null;
  const format = dateFormatOf(language, timeZone, 'moment');
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-line bg-raised p-3"
      data-testid="promotion-standing"
      role="status"
    >
      {lines.map((line) => (
        <p key={line} className="text-sm text-text">
          {t(line)}
        </p>
      ))}
      {detail.state === 'REJECTED' && entry?.rejectReason ? (
        <p className="text-sm text-danger" data-testid="promotion-reject-reason">
          {t('promotions.rejectReason', { reason: entry.rejectReason })}
        </p>
      ) : null}
      {hasEntry && entry ? (
        <div className="flex flex-col gap-2 border-t border-line pt-3" data-testid="promotion-entry">
          <p className="text-xs font-medium text-muted">
            {t('promotions.detail.yourEntry')} ·{' '}
            {t('promotions.detail.sentAt', { date: format.format(new Date(entry.createdAt)) })}
          </p>
          {entry.comment ? <p className="text-sm break-words text-text">{entry.comment}</p> : null}
          {entry.images.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2">
              {entry.images.map((image, index) => (
                <li key={image.id} className="aspect-square overflow-hidden rounded-md border border-line">
                  <MemberImage url={image.url} alt={t('promotions.apply.imageAlt', { index: index + 1 })} />
                </li>
              ))}
            </ul>
          ) : null}
          {entry.amount && detail.state === 'ISSUED' ? (
            <p className="text-sm font-semibold text-text tabular">
              {t('promotions.detail.awarded', { amount: formatMoney(entry.amount, symbol) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {showsBonus && detail.bonus ? <BonusProgressPanel bonus={detail.bonus} now={now} /> : null}
    </div>
  );
}

function DetailBody({
  detail,
  applicationForm,
}: {
  detail: PromotionDetail;
  applicationForm: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { isMember, language, timeZone } = usePromotionViewer();
  const now = useNow(CLOCK_TICK_MS);
  const format = dateFormatOf(language, timeZone, 'moment');
  const { raffle } = detail;
  return (
    <div className="flex flex-col gap-4" data-testid="promotion-detail-body" data-state={detail.state}>
      <PromotionCover
        src={detail.detailImageUrl ?? detail.coverImageUrl}
        alt={t('promotions.coverAlt', { title: detail.title })}
        isLazy={false}
        className="rounded-md"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col text-xs text-muted tabular">
          <span>{t('promotions.detail.startsAt', { date: format.format(new Date(detail.startsAt)) })}</span>
          <span>
            {detail.endsAt
              ? t('promotions.detail.endsAt', { date: format.format(new Date(detail.endsAt)) })
              : t('promotions.detail.noEnd')}
          </span>
        </div>
        <PromotionStateBadge state={detail.state} kind={detail.kind} testId="promotion-detail-state" />
      </div>
      <StandingPanel detail={detail} />
      {raffle ? <RaffleSummary detail={detail} raffle={raffle} now={now} isMember={isMember} /> : null}
      {detail.content ? <RichText html={detail.content} /> : null}
      <PromotionRules detail={detail} />
      {raffle ? (
        <>
          <RafflePrizeTable raffle={raffle} />
          <RaffleWinners raffle={raffle} />
          <RaffleFairness promotionId={detail.id} raffle={raffle} />
        </>
      ) : null}
      <PromotionTerms detail={detail} />
      {applicationForm}
    </div>
  );
}

/** The words of an offer's button. */
function offerLabelOf(action: PromotionAction, t: (key: string) => string): string {
  if (action.kind === 'login') return t(`promotions.action.loginFor.${action.offer}`);
  if (action.kind === 'apply')
    return t(action.isAgain ? 'promotions.action.applyAgain' : 'promotions.action.apply');
  if (action.kind === 'join' || action.kind === 'claim') return t(`promotions.action.${action.kind}`);
  return '';
}

/**
 * One promotion in a dialog (a bottom sheet on a phone): its picture, dates, where the member
 * stands, a raffle's draw, tickets and prizes, the operator's content, the rules and bonus terms
 * in words, and the action its state offers in the footer, under the thumb. Joining, claiming and
 * applying all need the terms accepted (sent as acceptTerms: true); a visitor is asked to log in
 * first. A raffle's prizes are claimed one by one in its summary. An app-download bonus that waits
 * for the installed app leads to the page that explains how to get it.
 */
export function PromotionDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { isMember, language } = usePromotionViewer();
  const openModal = useModalStore((state) => state.openModal);
  const query = usePromotionDetail(id);
  const refresh = useRefreshAfterTakingPart();
  const formId = useId();
  const [isAccepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<FormAnswer | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  const afterTakingPart = (kind: Done) => {
    setDone(kind);
    setAccepted(false);
    refresh();
  };
  const takePart = useMutation({
    mutationFn: (kind: 'join' | 'claim') =>
      kind === 'join' ? joinPromotion(id, language) : claimPromotion(id, language),
    onSuccess: (_detail, kind) => afterTakingPart(kind),
    onError: (error) => setAnswer(answerOfFailure(error, t('auth.submitFailed'))),
  });
  const application = useApplicationForm(id, () => afterTakingPart('apply'));

  const detail = query.data;
  const action: PromotionAction = detail
    ? actionOf(detail.state, { isMember, mayApplyAgain: detail.mayApplyAgain, kind: detail.kind })
    : { kind: 'none' };

  /** Every offer needs the terms accepted first; says so next to the box when they are not. */
  function isReady(): boolean {
    setAnswer(null);
    setDone(null);
    if (isAccepted) return true;
    setAcceptError(t('promotions.acceptRequired'));
    return false;
  }

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true" data-testid="promotion-detail-loading">
        <Skeleton className="aspect-[2/1] w-full" />
        <SkeletonLines lines={5} />
      </div>
    );
  } else if (query.isError) {
    body =
      isApiError(query.error) && query.error.code === 'NOT_FOUND' ? (
        <EmptyState title={t('promotions.detail.notFound')} />
      ) : (
        <ErrorState onRetry={() => void query.refetch()} />
      );
  } else {
    body = (
      <DetailBody
        detail={query.data}
        applicationForm={
          action.kind === 'apply' ? (
            <ApplicationFields
              form={application}
              formId={formId}
              onSubmit={() => {
                if (isReady()) {
                  void application.submit({
                    upload: t('promotions.apply.uploadFailed'),
                    send: t('auth.submitFailed'),
                  });
                }
              }}
            />
          ) : null
        }
      />
    );
  }

  const isPending = takePart.isPending || application.isSubmitting;
  const offers = action.kind === 'join' || action.kind === 'claim' || action.kind === 'apply';
  const canDeposit =
    detail?.state === 'JOINED' &&
    (detail.kind === 'deposit_bonus' || (detail.kind === 'raffle' && detail.raffle?.ticketBy === 'deposit'));
  // An app-download bonus is claimed once the member has logged in from the installed app.
  const needsApp = detail?.reason === 'APP_REQUIRED';
  const notice = answer ?? application.answer;
  const footer =
    done || offers || action.kind === 'login' || canDeposit || needsApp ? (
      <div className="flex flex-col gap-2" data-testid="promotion-actions">
        {done ? (
          <p
            role="status"
            className="flex items-center gap-2 text-sm font-medium text-success"
            data-testid="promotion-done"
          >
            <CircleCheck size={18} aria-hidden="true" className="shrink-0" />
            {t(
              done === 'join' && detail?.kind === 'raffle'
                ? 'promotions.done.joinRaffle'
                : `promotions.done.${done}`,
            )}
          </p>
        ) : null}
        {offers ? (
          <Checkbox
            checked={isAccepted}
            onCheckedChange={(checked) => {
              setAccepted(checked);
              setAcceptError(null);
            }}
            error={acceptError}
            testId="promotion-accept-terms"
          >
            {t('promotions.accept')}
          </Checkbox>
        ) : null}
        {notice ? <FormNotice message={notice.message} code={notice.code} /> : null}
        {action.kind === 'login' ? (
          <Button
            className="w-full"
            onClick={() => openModal('loginPopupModal')}
            data-testid="promotion-login"
          >
            {offerLabelOf(action, t)}
          </Button>
        ) : action.kind === 'apply' ? (
          <Button
            type="submit"
            form={formId}
            className="w-full"
            disabled={isPending}
            data-testid="promotion-apply"
          >
            {offerLabelOf(action, t)}
          </Button>
        ) : action.kind === 'join' || action.kind === 'claim' ? (
          <Button
            className="w-full"
            disabled={isPending}
            onClick={() => {
              if (isReady()) takePart.mutate(action.kind);
            }}
            data-testid={`promotion-${action.kind}`}
          >
            {offerLabelOf(action, t)}
          </Button>
        ) : canDeposit ? (
          <ButtonLink
            to="/member?page=depositv2"
            icon={Wallet}
            className="w-full"
            data-testid="promotion-deposit"
          >
            {t('promotions.action.deposit')}
          </ButtonLink>
        ) : needsApp ? (
          <ButtonLink to="/m/appDownload" icon={Download} className="w-full" data-testid="promotion-get-app">
            {t('promotions.action.getApp')}
          </ButtonLink>
        ) : null}
      </div>
    ) : undefined;

  return (
    <Dialog
      title={detail?.title ?? t('promotions.detail.loading')}
      onClose={onClose}
      size="lg"
      footer={footer}
      testId="promotion-detail"
    >
      {body}
    </Dialog>
  );
}
