import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormNotice } from '../../../components/ui/field';
import { StatusBadge } from '../../../components/ui/status-badge';
import { isApiError } from '../../../lib/api/api-error';
import { answerOfFailure, type FormAnswer } from '../../../lib/failure-answer';
import { dateTimeFormatOf, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/i18n';
import { usePermission } from '../../../lib/system/system-hooks';
import {
  CONTRACTS_KEY,
  type ContractOffer,
  type ContractParty,
  decideOffer,
  type OfferDecision,
} from '../api/contracts';
import type { ContractKind } from '../contract-kinds';
import {
  acceptanceWarningOf,
  type CurrentTerms,
  contractConflictOf,
  counterpartOf,
  isOfferToMe,
} from '../contract-offers';
import { formatRate, isContractPeriod, parseCycleKey, type WireTier } from '../contract-terms';

/**
 * How the contract screens write their values: money with the merchant's symbol, times and days in
 * the merchant's zone, periods and cycles in words, and a party's masked account or the platform.
 */
export function useContractWords() {
  const { t } = useTranslation();
  const language = useLanguage();
  const symbol = usePermission().data?.currencySymbol ?? '₱';
  const formats = useMemo(() => {
    const tag = language === 'TY' ? 'fil-PH' : 'en-PH';
    // Cycle days are calendar days of the merchant: read at midnight UTC and written in UTC, they
    // never shift by a time zone.
    return {
      dateTime: dateTimeFormatOf(language),
      day: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
      month: new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
  }, [language]);
  const dayOf = (day: string) => formats.day.format(new Date(`${day}T00:00:00Z`));
  return {
    symbol,
    money: (amount: string) => formatMoney(amount, symbol),
    time: (at: string) => formats.dateTime.format(new Date(at)),
    day: dayOf,
    period: (code: string | null) =>
      isContractPeriod(code) ? t(`contracts.periods.${code}`) : (code ?? t('contracts.none')),
    cycle: (key: string) => {
      const name = parseCycleKey(key);
      if (!name) return key;
      const month = formats.month.format(new Date(`${name.day}T00:00:00Z`));
      return t(`contracts.cycles.${name.period}`, { day: dayOf(name.day), month, time: name.time });
    },
    party: (party: ContractParty | null) => party?.account ?? t('contracts.platform'),
  };
}

/** The tiers of a contract or an offer, lowest rate first: cards on a phone, a table from a tablet up. */
export function TermsTable({ kind, tiers }: { kind: ContractKind; tiers: readonly WireTier[] }) {
  const { t } = useTranslation();
  const words = useContractWords();
  const sorted = [...tiers].sort((a, b) => a.rateBp - b.rateBp || a.activeMembers - b.activeMembers);
  const minBaseHeading = t(`contracts.terms.minBase.${kind}`);
  return (
    <>
      <ul className="flex flex-col gap-1.5 md:hidden" data-testid="contract-terms">
        {sorted.map((tier, index) => (
          <li
            key={`${tier.activeMembers}:${tier.minBase}:${tier.rateBp}`}
            className="flex items-center gap-3 rounded-md border border-line px-3 py-2 text-xs"
            data-testid="contract-tier"
          >
            <span className="font-semibold text-text">
              {t('contracts.terms.tierNumber', { number: index + 1 })}
            </span>
            <span className="min-w-0 flex-1 text-muted">
              {t('contracts.terms.atLeastMembers', { count: tier.activeMembers })}
              {' · '}
              {minBaseHeading} {words.money(tier.minBase)}
            </span>
            <span className="tabular text-sm font-semibold text-text">{formatRate(tier.rateBp)}</span>
          </li>
        ))}
      </ul>
      <table className="hidden w-full text-sm md:table" data-testid="contract-terms-table">
        <caption className="pb-1 text-left text-xs text-muted">{t('contracts.terms.caption')}</caption>
        <thead>
          <tr className="border-b border-line text-left text-xs text-muted">
            <th className="py-2 pr-3 font-medium">{t('contracts.terms.tier')}</th>
            <th className="py-2 pr-3 text-right font-medium">{t('contracts.terms.activeMembers')}</th>
            <th className="py-2 pr-3 text-right font-medium">{minBaseHeading}</th>
            <th className="py-2 text-right font-medium">{t('contracts.terms.rate')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {sorted.map((tier, index) => (
            <tr key={`${tier.activeMembers}:${tier.minBase}:${tier.rateBp}`} data-testid="contract-tier">
              <td className="py-2 pr-3 text-text">
                {t('contracts.terms.tierNumber', { number: index + 1 })}
              </td>
              <td className="py-2 pr-3 text-right tabular text-text">{tier.activeMembers}</td>
              <td className="py-2 pr-3 text-right tabular text-text">{words.money(tier.minBase)}</td>
              <td className="py-2 text-right tabular font-semibold text-text">{formatRate(tier.rateBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** One fact of a contract: its words above its value. */
export function ContractFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular text-sm font-semibold text-text">{children}</dd>
    </div>
  );
}

/** One fact on a phone's card of a list: its words left, its value right. */
export function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-text">{children}</dd>
    </div>
  );
}

/**
 * A failed contract call as a dialog or form shows it: a conflict in the words of its reason (an
 * offer already waits, it expired meanwhile …), anything else as the server or the fallback says.
 */
export function useContractFailure() {
  const { t } = useTranslation();
  return (error: unknown, fallbackMessage: string): FormAnswer => {
    const conflict = isApiError(error) && error.code === 'CONFLICT' ? contractConflictOf(error.value) : null;
    return conflict
      ? { message: t(`contracts.conflicts.${conflict}`), code: 'CONFLICT' }
      : answerOfFailure(error, fallbackMessage);
  };
}

/** Reloads every contract screen after a change: the page, its lists, and the offers modal. */
export function useContractsRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY });
}

/**
 * The other side of an offer as the texts take it: a member's account, or the platform, which the
 * texts word apart (the `platform` context: "from the platform", never "from The platform").
 */
type CounterpartWords = { account: string; context?: 'platform' };

const counterpartWords = (party: ContractParty | null): CounterpartWords =>
  party ? { account: party.account } : { account: '', context: 'platform' };

/**
 * A pending offer I am party to: what it is (new terms or an end), who it is from or to, its terms
 * and when it expires, with my choices (accept, reject; withdraw my own), each confirmed first.
 * `current` is my own contract of the kind, to warn what accepting new terms ends below me.
 */
export function OfferCard({
  offer,
  current,
  showKind = false,
  footer,
}: {
  offer: ContractOffer;
  current: CurrentTerms;
  showKind?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const words = useContractWords();
  const [decision, setDecision] = useState<OfferDecision | null>(null);
  const counterpart = counterpartWords(counterpartOf(offer));
  const isToMe = isOfferToMe(offer);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-line p-3" data-testid="contract-offer">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={offer.type === 'new' ? 'good' : 'bad'}>
          {t(`contracts.offers.types.${offer.type}`)}
        </StatusBadge>
        {showKind ? (
          <span className="text-sm font-semibold text-text">{t(`contracts.kinds.${offer.kind}`)}</span>
        ) : null}
        <span className="min-w-0 flex-1 text-sm text-text">
          {isToMe ? t('contracts.offers.from', counterpart) : t('contracts.offers.to', counterpart)}
        </span>
      </div>
      {offer.type === 'new' && offer.tiers ? (
        <>
          <dl className="grid grid-cols-2 gap-3">
            {offer.rateBp !== null ? (
              <ContractFact label={t('contracts.mine.rate')}>{formatRate(offer.rateBp)}</ContractFact>
            ) : null}
            <ContractFact label={t('contracts.mine.period')}>{words.period(offer.period)}</ContractFact>
          </dl>
          <TermsTable kind={offer.kind} tiers={offer.tiers} />
        </>
      ) : null}
      <p className="text-xs text-muted">
        {t('contracts.offers.sent', { at: words.time(offer.createdAt) })} ·{' '}
        {isToMe
          ? t('contracts.offers.answerBy', { at: words.time(offer.expiresAt) })
          : t('contracts.offers.waitingFor', { ...counterpart, at: words.time(offer.expiresAt) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {offer.canAccept ? (
          <Button
            variant="primary"
            size="sm"
            onClick={() => setDecision('accept')}
            data-testid="offer-accept"
          >
            {t('contracts.offers.accept')}
          </Button>
        ) : null}
        {offer.canReject ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDecision('reject')}
            data-testid="offer-reject"
          >
            {t('contracts.offers.reject')}
          </Button>
        ) : null}
        {offer.canCancel ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setDecision('cancel')}
            data-testid="offer-cancel"
          >
            {t('contracts.offers.cancel')}
          </Button>
        ) : null}
        {footer}
      </div>
      {decision ? (
        <DecisionDialog
          offer={offer}
          decision={decision}
          counterpart={counterpart}
          current={current}
          onClose={() => setDecision(null)}
        />
      ) : null}
    </li>
  );
}

/** What a decision's confirmation says: its title and line, and what accepting ends below me. */
function useDecisionWords(
  offer: ContractOffer,
  decision: OfferDecision,
  counterpart: CounterpartWords,
  current: CurrentTerms,
): { title: string; line: string; warning?: string } {
  const { t } = useTranslation();
  const kind = t(`contracts.kinds.${offer.kind}`);
  if (decision === 'cancel') {
    return {
      title: t('contracts.confirm.cancelTitle'),
      line: t('contracts.confirm.cancelLine', counterpart),
    };
  }
  if (decision === 'reject') {
    return {
      title: t('contracts.confirm.rejectTitle'),
      line: t('contracts.confirm.rejectLine', counterpart),
    };
  }
  if (offer.type === 'terminate') {
    return {
      title: t('contracts.confirm.acceptEndTitle'),
      line: t('contracts.confirm.acceptEndLine', { kind }),
    };
  }
  const line =
    current === null
      ? t('contracts.confirm.acceptNewLine', { kind })
      : t('contracts.confirm.acceptReplaceLine', { kind });
  const warning = acceptanceWarningOf(offer, current);
  return {
    title: t('contracts.confirm.acceptNewTitle'),
    line,
    warning:
      warning?.reason === 'lowerRate'
        ? t('contracts.confirm.lowerRate', {
            rate: formatRate(warning.rateBp),
            current: formatRate(warning.currentRateBp),
          })
        : warning?.reason === 'otherPeriod'
          ? t('contracts.confirm.otherPeriod')
          : undefined,
  };
}

function DecisionDialog({
  offer,
  decision,
  counterpart,
  current,
  onClose,
}: {
  offer: ContractOffer;
  decision: OfferDecision;
  counterpart: CounterpartWords;
  current: CurrentTerms;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const words = useDecisionWords(offer, decision, counterpart, current);
  return (
    <ConfirmCallDialog
      title={words.title}
      line={words.line}
      warning={words.warning}
      confirmLabel={t(`contracts.offers.${decision}`)}
      call={() => decideOffer(offer.id, decision, language)}
      failedMessage={t('contracts.offers.failed')}
      onClose={onClose}
      testId="offer-decision"
    />
  );
}

/**
 * A confirmation before a contract call: what it does (and a warning when it costs something
 * more), back or go on; on success every contract screen reloads and the dialog closes, on failure
 * the server's answer shows above the buttons.
 */
export function ConfirmCallDialog({
  title,
  line,
  warning,
  confirmLabel,
  call,
  failedMessage,
  onClose,
  testId,
}: {
  title: string;
  line: string;
  warning?: string;
  confirmLabel: string;
  call: () => Promise<unknown>;
  failedMessage: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const refresh = useContractsRefresh();
  const failureOf = useContractFailure();
  const [answer, setAnswer] = useState<FormAnswer | null>(null);
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await refresh();
      onClose();
    },
    onError: (error) => setAnswer(failureOf(error, failedMessage)),
  });
  // After a conflict what the page shows is out of date (the offer answered or expired
  // meanwhile): it reloads once the message has been read and the dialog closes.
  const close = () => {
    if (answer?.code === 'CONFLICT') void refresh();
    onClose();
  };
  return (
    <Dialog title={title} onClose={close} size="sm" testId={testId}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-text">{line}</p>
        {warning ? (
          <p
            className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-text"
            data-testid={`${testId}-warning`}
          >
            <TriangleAlert size={18} aria-hidden="true" className="shrink-0 text-warning" />
            {warning}
          </p>
        ) : null}
        {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
            {t('contracts.confirm.back')}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setAnswer(null);
              mutation.mutate();
            }}
            disabled={mutation.isPending}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
