import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormNotice, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api/api-error';
import type { FormAnswer } from '../../../lib/failure-answer';
import { useLanguage } from '../../../lib/i18n/i18n';
import { type Contract, type ContractParty, type MyContracts, sendOffer } from '../api/contracts';
import { type ContractKind, contractKinds } from '../contract-kinds';
import {
  ACTIVE_MEMBERS_MAX,
  checkTierRows,
  emptyTierRow,
  formatRate,
  TIERS_MAX,
  type TierProblem,
  type TierRow,
  tierRowsOf,
} from '../contract-terms';
import { useContractFailure, useContractsRefresh, useContractWords } from './contract-parts';

type RowErrors = Partial<Record<keyof TierRow, string>>;

/** The server keys a tier's fields `tiers.<index>.<field>`; the rate travels as `rateBp`. */
const rowFieldOfServer: Record<string, keyof TierRow> = {
  activeMembers: 'activeMembers',
  minBase: 'minBase',
  rateBp: 'rate',
};

/**
 * A VALIDATION answer's problem codes: by tier row and field, and the rest (the list, the period,
 * the kind, the downline) for the form; with the highest rate the server holds me to.
 */
function serverProblemsOf(
  error: unknown,
): { rows: Partial<Record<keyof TierRow, string>>[]; form: string[]; maxRateBp?: number } | null {
  if (!isApiError(error) || error.code !== 'VALIDATION') return null;
  const value = error.value as
    | { fields?: Record<string, string>; reasons?: Record<string, string>; maxRateBp?: number }
    | undefined;
  if (!value?.fields) return null;
  const rows: Partial<Record<keyof TierRow, string>>[] = [];
  const form: string[] = [];
  // A reason the server words itself travels as its code in `reasons`, its words in `fields`.
  for (const [path, text] of Object.entries(value.fields)) {
    const code = value.reasons?.[path] ?? text;
    const match = /^tiers\.(\d+)\.(\w+)$/.exec(path);
    const field = match ? rowFieldOfServer[match[2] ?? ''] : undefined;
    if (match && field) {
      const index = Number(match[1]);
      rows[index] = { ...rows[index], [field]: code };
    } else {
      form.push(code);
    }
  }
  return { rows, form, ...(typeof value.maxRateBp === 'number' ? { maxRateBp: value.maxRateBp } : {}) };
}

/**
 * Offering a direct downline a contract of the kind (docs/contracts.md "Calls"): its tiers, each
 * with its active members, minimum base and rate in percent, at most my own rate; a dividend keeps
 * my period, so that the cycles line up. New terms for a downline who has a contract start from its
 * current tiers; accepted, they replace it.
 */
export function OfferContractDialog({
  kind,
  downline,
  current,
  maxRateBp,
  period,
  onClose,
}: {
  kind: ContractKind;
  downline: ContractParty;
  current: Contract | null;
  maxRateBp: number;
  /** My period of the kind; a dividend offer must keep it. */
  period: MyContracts['period'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const words = useContractWords();
  const refresh = useContractsRefresh();
  const formId = useId();
  const [rows, setRows] = useState<TierRow[]>(() => (current ? tierRowsOf(current.tiers) : [emptyTierRow]));
  const [rowErrors, setRowErrors] = useState<RowErrors[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<FormAnswer | null>(null);

  const failureOf = useContractFailure();
  /** A problem's words; a code of the server's this app does not know reads as "check this". */
  const problemWords = (problem: TierProblem | string, maxRate = maxRateBp) =>
    t(`contracts.form.problems.${problem}`, {
      max:
        problem === 'aboveMaximum'
          ? formatRate(maxRate)
          : problem === 'tooManyTiers'
            ? TIERS_MAX
            : ACTIVE_MEMBERS_MAX.toLocaleString('en-PH'),
      defaultValue: t('contracts.form.problems.unknown'),
    });
  const wordsOfRows = (rows: Partial<Record<keyof TierRow, string>>[], maxRate?: number): RowErrors[] =>
    Array.from(rows, (problems) =>
      Object.fromEntries(
        Object.entries(problems ?? {}).map(([field, problem]) => [field, problemWords(problem, maxRate)]),
      ),
    );

  function updateRow(index: number, field: keyof TierRow, value: string) {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
    setRowErrors((current) =>
      current.map((errors, at) => (at === index ? { ...errors, [field]: undefined } : errors)),
    );
  }
  function addRow() {
    setRows((current) => (current.length < TIERS_MAX ? [...current, emptyTierRow] : current));
    setListError(null);
  }
  function removeRow(index: number) {
    setRows((current) => current.filter((_, at) => at !== index));
    setRowErrors((current) => current.filter((_, at) => at !== index));
    setListError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    const check = checkTierRows(rows, maxRateBp);
    if (!check.isValid) {
      setRowErrors(wordsOfRows(check.rows));
      setListError(check.form ? problemWords(check.form) : null);
      return;
    }
    setSubmitting(true);
    try {
      const body = { kind, downlineId: downline.id, type: 'new' as const, tiers: check.tiers };
      await sendOffer(kind === 'dividend' && period ? { ...body, period } : body, language);
      await refresh();
      onClose();
    } catch (error) {
      const server = serverProblemsOf(error);
      if (server) {
        setRowErrors(wordsOfRows(server.rows, server.maxRateBp));
        setListError(server.form.map((code) => problemWords(code)).join(' ') || null);
      } else {
        setAnswer(failureOf(error, t('contracts.form.failed')));
      }
    } finally {
      setSubmitting(false);
    }
  }

  const minBaseLabel = t(`contracts.terms.minBase.${kind}`);
  return (
    <Dialog
      title={t('contracts.form.title', { account: downline.account })}
      onClose={onClose}
      size="lg"
      testId="offer-contract"
      footer={
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:justify-end">
          {answer ? <FormNotice message={answer.message} code={answer.code} /> : null}
          <Button
            type="submit"
            form={formId}
            variant="primary"
            disabled={isSubmitting}
            data-testid="offer-contract-send"
          >
            {t('contracts.form.send')}
          </Button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-line bg-raised/40 p-3 text-sm">
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted">{t('contracts.form.maxRate')}</dt>
            <dd className="tabular font-semibold text-text" data-testid="offer-max-rate">
              {formatRate(maxRateBp)}
            </dd>
          </div>
          <div className="flex flex-col gap-0.5">
            <dt className="text-xs text-muted">{t('contracts.mine.period')}</dt>
            <dd className="font-semibold text-text">
              {words.period(kind === 'dividend' ? period : contractKinds[kind].period)}
            </dd>
          </div>
          <p className="col-span-2 text-xs text-muted">
            {kind === 'dividend' ? t('contracts.form.periodFixed') : t('contracts.form.maxRateLine')}
          </p>
        </dl>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('contracts.form.tiers')}</legend>
          {rows.map((row, index) => {
            const errors = rowErrors[index] ?? {};
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a tier row is its place in the list; rows hold no id.
                key={index}
                className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg border border-line p-3 md:grid-cols-[1fr_1.4fr_1fr_auto] md:items-start"
                data-testid="offer-tier-row"
              >
                <div className="col-span-2 flex items-center justify-between md:hidden">
                  <span className="text-sm font-semibold">
                    {t('contracts.terms.tierNumber', { number: index + 1 })}
                  </span>
                  <RemoveRowButton index={index} isDisabled={rows.length <= 1} onRemove={removeRow} />
                </div>
                <TextField
                  label={t('contracts.form.activeMembers')}
                  inputMode="numeric"
                  value={row.activeMembers}
                  onValueChange={(value) => updateRow(index, 'activeMembers', value)}
                  error={errors.activeMembers}
                  data-testid="offer-tier-members"
                />
                <TextField
                  className="order-3 col-span-2 md:order-none md:col-span-1"
                  label={minBaseLabel}
                  inputMode="decimal"
                  leading={<span className="text-sm text-muted">{words.symbol}</span>}
                  value={row.minBase}
                  onValueChange={(value) => updateRow(index, 'minBase', value)}
                  error={errors.minBase}
                  data-testid="offer-tier-base"
                />
                <TextField
                  label={t('contracts.form.rate')}
                  inputMode="decimal"
                  trailing={<span className="text-sm text-muted">%</span>}
                  value={row.rate}
                  onValueChange={(value) => updateRow(index, 'rate', value)}
                  error={errors.rate}
                  data-testid="offer-tier-rate"
                />
                <div className="hidden pt-7 md:block">
                  <RemoveRowButton index={index} isDisabled={rows.length <= 1} onRemove={removeRow} />
                </div>
              </div>
            );
          })}
          {listError ? (
            <p className="text-xs text-danger" role="alert">
              {listError}
            </p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              size="sm"
              icon={<Plus size={16} aria-hidden="true" />}
              onClick={addRow}
              disabled={rows.length >= TIERS_MAX}
              data-testid="offer-add-tier"
            >
              {t('contracts.form.addTier')}
            </Button>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RemoveRowButton({
  index,
  isDisabled,
  onRemove,
}: {
  index: number;
  isDisabled: boolean;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <IconButton
      label={t('contracts.form.removeTier', { number: index + 1 })}
      disabled={isDisabled}
      onClick={() => onRemove(index)}
      className="disabled:opacity-40"
    >
      <Trash2 size={18} aria-hidden="true" />
    </IconButton>
  );
}
