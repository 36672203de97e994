import { type FormEvent, type ReactNode, useState } from 'react';
import { BonusTermsFields } from '../../components/bonus-terms-fields.tsx';
import type { ConfirmRequest } from '../../components/confirm-steps.ts';
import { moneyFactsOf } from '../../components/confirm-steps.ts';
import { Field, fieldErrorsOf } from '../../components/editor-fields.tsx';
import { EmptyState, ErrorState, Pager } from '../../components/query-state.tsx';
import { numberHeading, TableHead } from '../../components/query-table.tsx';
import { newTermsDraft, spinRuleText } from '../../lib/bonus-terms.ts';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { BONUS_SOURCE_LABELS, BONUS_STATUS_LABELS, labelOfCode } from '../../lib/labels.ts';
import { useMaxMultiplier } from '../../lib/merchant-promotions.ts';
import {
  BONUS_REASON_LENGTH_MAX,
  cancelEffectOf,
  type GrantForm,
  readGrantForm,
  readReason,
} from './bonus-grant.ts';
import { type PlayerBonus, useCancelBonus, useGrantBonus, usePlayerBonuses } from './bonuses-api.ts';

const STATUS_BADGES: Record<string, string> = {
  active: 'badge badge--success',
  waiting: 'badge badge--brand',
  converted: 'badge',
  forfeited: 'badge badge--danger',
  expired: 'badge badge--danger',
  cancelled: 'badge badge--danger',
};

/**
 * A player's bonuses on the player page: each with its wagering progress, expiry and what it ended
 * as; a grant by hand (amount, terms, reason) and a cancellation with a reason for operators who
 * may (bonuses.write), each confirmed first with what it does to the player's wallets.
 */
export function PlayerBonuses(props: {
  playerId: string;
  account: string;
  merchantId: string;
  currency: string;
  canWrite: boolean;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
}) {
  const [page, setPage] = useState(1);
  const [isGranting, setIsGranting] = useState(false);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const bonuses = usePlayerBonuses(props.playerId, page);
  const money = (amount: string) => formatPesos(amount, props.currency);
  const rows = bonuses.data?.list ?? [];
  const headings = [
    'Granted',
    'From',
    'Status',
    numberHeading('Bonus'),
    'Wagering',
    'Expires',
    'Ended with',
    props.canWrite && '',
  ];
  return (
    <section aria-label={`Bonuses of ${props.account}`}>
      <div className="panel__heading">
        <h3>Bonuses</h3>
        {bonuses.data && (
          <span className="muted">
            Bonus wallet: <span className="mono">{money(bonuses.data.bonusBalance)}</span>
          </span>
        )}
        {props.canWrite && !isGranting && (
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => setIsGranting(true)}
          >
            Grant a bonus…
          </button>
        )}
      </div>
      {props.canWrite && isGranting && <GrantBonusForm {...props} onClose={() => setIsGranting(false)} />}
      {bonuses.isError ? (
        <ErrorState error={bonuses.error} onRetry={() => void bonuses.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="player-bonuses">
            <TableHead headings={headings} />
            <tbody>
              {rows.map((bonus) => (
                <BonusRow
                  key={bonus.id}
                  bonus={bonus}
                  money={money}
                  canWrite={props.canWrite}
                  isCancelling={cancelling === bonus.id}
                  onCancel={() => setCancelling(cancelling === bonus.id ? null : bonus.id)}
                  cancelForm={
                    <CancelBonusForm
                      {...props}
                      bonus={bonus}
                      money={money}
                      onClose={() => setCancelling(null)}
                    />
                  }
                />
              ))}
            </tbody>
          </table>
          {bonuses.isPending && <p className="muted">Loading the bonuses…</p>}
          {bonuses.data && rows.length === 0 && <EmptyState title="No bonuses yet." />}
        </div>
      )}
      {bonuses.data && bonuses.data.totalPages > 1 && (
        <Pager page={page} totalPages={bonuses.data.totalPages} total={bonuses.data.total} onPage={setPage} />
      )}
    </section>
  );
}

function BonusRow(props: {
  bonus: PlayerBonus;
  money: (amount: string) => string;
  canWrite: boolean;
  isCancelling: boolean;
  onCancel: () => void;
  cancelForm: ReactNode;
}) {
  const { bonus, money } = props;
  const isOpen = bonus.status === 'waiting' || bonus.status === 'active';
  return (
    <>
      <tr className={props.isCancelling ? 'table__row--open' : ''}>
        <td className="small nowrap">{formatDateTime(bonus.grantedAt)}</td>
        <td>
          {bonus.promotionTitle ?? labelOfCode(BONUS_SOURCE_LABELS, bonus.source)}
          {bonus.depositAmount && (
            <span className="muted small"> · deposit {money(bonus.depositAmount)}</span>
          )}
        </td>
        <td>
          <span className={STATUS_BADGES[bonus.status] ?? 'badge'}>
            {labelOfCode(BONUS_STATUS_LABELS, bonus.status)}
          </span>
        </td>
        <td className="number mono">{money(bonus.amount)}</td>
        <td className="small">
          <WageringProgress bonus={bonus} money={money} />
        </td>
        <td className="small nowrap">
          {bonus.status === 'waiting' ? 'Starts after the active one' : formatDateTime(bonus.expiresAt, '—')}
        </td>
        <td className="small">
          {isOpen ? (
            '—'
          ) : (
            <>
              {formatDateTime(bonus.endedAt, '—')}
              <br />
              {bonus.converted !== '0.00' && `${money(bonus.converted)} to cash`}
              {bonus.converted !== '0.00' && bonus.forfeited !== '0.00' && ' · '}
              {bonus.forfeited !== '0.00' && `${money(bonus.forfeited)} forfeited`}
            </>
          )}
        </td>
        {props.canWrite && (
          <td>
            {isOpen && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-expanded={props.isCancelling}
                onClick={props.onCancel}
              >
                Cancel…
              </button>
            )}
          </td>
        )}
      </tr>
      {props.isCancelling && (
        <tr className="table__detail">
          <td colSpan={8}>{props.cancelForm}</td>
        </tr>
      )}
    </>
  );
}

/** Wagered of required, with a bar; the terms' limits (the slot-spin rule among them) under it. */
function WageringProgress({ bonus, money }: { bonus: PlayerBonus; money: (amount: string) => string }) {
  const spinRule = spinRuleText(bonus, money);
  return (
    <div className="bonus-progress">
      <span className="mono">
        {`${money(bonus.wagered)} of ${money(bonus.wageringRequired)} (${bonus.progressPercent}%)`}
      </span>
      <progress max={100} value={bonus.progressPercent} aria-label={`Wagering ${bonus.progressPercent}%`} />
      <span className="muted">
        {bonus.maxStake ? `Largest bet ${money(bonus.maxStake)}` : 'No bet limit'}
        {bonus.maxConversion ? ` · at most ${money(bonus.maxConversion)} to cash` : ''}
        {spinRule ? ` · slot spins count at ${spinRule}` : ''}
      </span>
    </div>
  );
}

function CancelBonusForm(props: {
  bonus: PlayerBonus;
  account: string;
  playerId: string;
  money: (amount: string) => string;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelBonus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { bonus } = props;

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readReason(reason);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(null);
    props.ask({
      title: `Cancel ${props.account}'s bonus of ${props.money(bonus.amount)}?`,
      confirmLabel: 'Cancel the bonus',
      tone: 'danger',
      facts: [
        ['Player', props.account],
        ['Bonus', `${props.money(bonus.amount)} · ${labelOfCode(BONUS_STATUS_LABELS, bonus.status)}`],
        ['Effect', cancelEffectOf(bonus, props.money)],
        ['Reason', read.reason],
      ],
      run: async () => {
        await cancel.mutateAsync({ playerId: props.playerId, bonusId: bonus.id, reason: read.reason });
        props.onClose();
      },
      doneText: `${props.account}'s bonus was cancelled.`,
    });
  }

  return (
    <form className="row-actions" onSubmit={submit} aria-label={`Cancel ${props.account}'s bonus`}>
      <input
        aria-label="Reason"
        placeholder="Reason the audit log keeps"
        maxLength={BONUS_REASON_LENGTH_MAX}
        size={40}
        value={reason}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button--danger button--small" disabled={props.isSending}>
        Cancel the bonus…
      </button>
      <button type="button" className="button button--quiet button--small" onClick={props.onClose}>
        Keep it
      </button>
      {error && <span className="field__error">{error}</span>}
    </form>
  );
}

function GrantBonusForm(props: {
  playerId: string;
  account: string;
  merchantId: string;
  currency: string;
  ask: (request: ConfirmRequest) => void;
  isSending: boolean;
  onClose: () => void;
}) {
  const grant = useGrantBonus();
  const { maxMultiplier, isKnown } = useMaxMultiplier(props.merchantId);
  const [form, setForm] = useState<GrantForm>({ amount: '', terms: newTermsDraft(), reason: '' });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrorsOf(grant.error), ...localErrors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readGrantForm(form, { maxMultiplier });
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    const { amount, terms, reason } = reading.grant;
    props.ask({
      title: `Grant ${props.account} a bonus of ${formatPesos(amount, props.currency)}?`,
      confirmLabel: 'Grant the bonus',
      tone: 'primary',
      facts: moneyFactsOf({
        amount,
        currency: props.currency,
        payee: props.account,
        more: [
          [
            'Wagering',
            terms.multiplier === 0 ? 'None: it turns into cash at once' : `${terms.multiplier}× the bonus`,
          ],
          ['Expires', `${terms.expiryDays} days after it starts`],
          [
            'Slot spins',
            spinRuleText(terms, (amount) => formatPesos(amount, props.currency)) ?? 'Every spin counts',
          ],
          ['Starts', "At once, or after the player's active bonus ends"],
          ['Reason', reason],
        ],
      }),
      run: async () => {
        grant.reset();
        await grant.mutateAsync({ playerId: props.playerId, amount, terms, reason });
        props.onClose();
      },
      doneText: `Granted ${formatPesos(amount, props.currency)} to ${props.account} as a bonus.`,
    });
  }

  return (
    <form
      className="panel form-grid"
      onSubmit={submit}
      aria-label={`Grant ${props.account} a bonus`}
      noValidate
    >
      <div className="field-row">
        <Field label="Bonus amount" name="amount" errors={errors}>
          <input
            inputMode="decimal"
            maxLength={20}
            value={form.amount}
            aria-invalid={errors.amount ? true : undefined}
            onChange={(event) => setForm({ ...form, amount: event.target.value })}
          />
        </Field>
        <Field label="Reason" name="reason" errors={errors} hint="Kept with the bonus and in the audit log">
          <input
            maxLength={BONUS_REASON_LENGTH_MAX}
            value={form.reason}
            aria-invalid={errors.reason ? true : undefined}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
        </Field>
      </div>
      <BonusTermsFields
        value={form.terms}
        onChange={(terms) => setForm({ ...form, terms })}
        errors={errors}
        maxMultiplier={maxMultiplier}
        prefix="terms"
        offersIncludeDeposit={false}
      />
      {!isKnown && (
        <p className="muted small">
          The merchant's highest multiplier is checked by the server when you grant.
        </p>
      )}
      <p className="muted small">
        Granted by hand, a bonus counts against the merchant's budget per day only. The player's own money is
        never touched.
      </p>
      <div className="form-grid__actions">
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Close
        </button>
        <button type="submit" className="button button--primary" disabled={props.isSending}>
          Grant…
        </button>
      </div>
    </form>
  );
}
