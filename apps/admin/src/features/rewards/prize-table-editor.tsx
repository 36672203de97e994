import { type FormEvent, useState } from 'react';
import {
  Check,
  CodeSelectField,
  Field,
  FieldError,
  fieldErrorsOf,
  LocalizedFields,
} from '../../components/editor-fields.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import {
  chancesOf,
  draftOfTable,
  NAME_LENGTH_MAX,
  newPrizeDraft,
  newTableDraft,
  PRIZE_KIND_LABELS,
  PRIZE_KINDS,
  PRIZES_MAX,
  type PrizeDraft,
  readTableDraft,
  TABLE_KIND_LABELS,
  type TableDraft,
} from './prize-table-form.ts';
import { expectedCostWords } from './reward-words.ts';
import { type OperatorPrizeTable, useSavePrizeTable } from './rewards-api.ts';

const TABLE_KINDS = Object.entries(TABLE_KIND_LABELS) as [TableDraft['kind'], string][];
const KIND_CHOICES = PRIZE_KINDS.map((kind) => [kind, PRIZE_KIND_LABELS[kind]] as const);

/**
 * A prize table's form: its kind, names and daily budget, and its prizes in the table's order with
 * each one's chance as the weights stand; on save the server answers a ticket's expected cost,
 * shown in the notice. Operators without rewards.write read it without changing it.
 */
export function PrizeTableEditor(props: {
  merchantId: string;
  table: OperatorPrizeTable | null;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const { table } = props;
  const [draft, setDraft] = useState<TableDraft>(() => (table ? draftOfTable(table) : newTableDraft()));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSavePrizeTable();
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const change = (patch: Partial<TableDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changePrize = (index: number, patch: Partial<PrizeDraft>) =>
    setDraft((current) => ({
      ...current,
      prizes: current.prizes.map((prize, at) => (at === index ? { ...prize, ...patch } : prize)),
    }));
  const chances = chancesOf(draft.prizes.map((prize) => prize.weight));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onNotice(null);
    const reading = readTableDraft(draft);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      props.onNotice({ tone: 'danger', title: 'Some fields need attention: see the messages beside them.' });
      return;
    }
    setLocalErrors({});
    try {
      const saved = await save.mutateAsync({
        id: table?.id ?? null,
        merchantId: props.merchantId,
        body: reading.body,
      });
      props.onNotice({
        tone: 'success',
        title: `${table ? 'Prize table saved' : 'Prize table added'} (version ${saved.version}).`,
        detail: `Expected cost of a ticket: ${expectedCostWords(saved.expectedCost)}.`,
      });
      props.onClose();
    } catch (error) {
      props.onNotice(failureNotice(error));
    }
  }

  return (
    <form
      className="rewards-editor"
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={table ? 'Edit prize table' : 'New prize table'}
      noValidate
    >
      <div className="panel__heading">
        <h2>{table ? 'Edit prize table' : 'New prize table'}</h2>
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Back to the list
        </button>
      </div>
      <fieldset className="panel form-grid" disabled={!props.canWrite}>
        <div className="field-row">
          <CodeSelectField
            label="Kind"
            name="kind"
            errors={errors}
            value={draft.kind}
            codes={TABLE_KINDS}
            onChange={(kind) => change({ kind })}
          />
          <Field
            label="Daily budget (₱)"
            name="dailyBudget"
            errors={errors}
            hint="Cash and bonus prizes per day; empty for none"
          >
            <input
              inputMode="decimal"
              maxLength={20}
              placeholder="No budget"
              value={draft.dailyBudget}
              aria-invalid={errors.dailyBudget ? true : undefined}
              onChange={(event) => change({ dailyBudget: event.target.value })}
            />
          </Field>
          <Field label="Order" name="sort" errors={errors}>
            <input
              inputMode="numeric"
              maxLength={6}
              value={draft.sort}
              aria-invalid={errors.sort ? true : undefined}
              onChange={(event) => change({ sort: event.target.value })}
            />
          </Field>
        </div>
        <LocalizedFields
          label="Name"
          name="names"
          maxLength={NAME_LENGTH_MAX}
          value={draft.names}
          onChange={(names) => change({ names: { TY: names.TY ?? '', EN: names.EN ?? '' } })}
          errors={errors}
        />
        <Check isOn={draft.active} onChange={(active) => change({ active })}>
          Active: members see the table and use their tickets on it
        </Check>
      </fieldset>

      <fieldset className="panel form-grid" disabled={!props.canWrite}>
        <h3 className="panel__heading">Prizes, in the table's order</h3>
        <FieldError errors={errors} name="prizes" />
        <div className="table-wrap">
          <table className="table" data-testid="reward-prizes">
            <thead>
              <tr>
                <th>#</th>
                <th>Name (TY)</th>
                <th>Name (EN)</th>
                <th>Kind</th>
                <th>Amount (₱) or points</th>
                <th>Wagering ×</th>
                <th className="number">Weight</th>
                <th className="number">Chance</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {draft.prizes.map((prize, index) => {
                const at = `prizes.${index}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: prizes have no id; their order is the table's.
                  <tr key={index}>
                    <td className="mono">{index + 1}</td>
                    {(['TY', 'EN'] as const).map((language) => (
                      <td key={language}>
                        <input
                          aria-label={`Prize ${index + 1} name (${language})`}
                          maxLength={NAME_LENGTH_MAX}
                          value={prize.names[language]}
                          aria-invalid={errors[`${at}.names.${language}`] ? true : undefined}
                          onChange={(event) =>
                            changePrize(index, { names: { ...prize.names, [language]: event.target.value } })
                          }
                        />
                        <FieldError errors={errors} name={`${at}.names.${language}`} />
                      </td>
                    ))}
                    <td>
                      <select
                        aria-label={`Prize ${index + 1} kind`}
                        value={prize.kind}
                        onChange={(event) =>
                          changePrize(index, { kind: event.target.value as PrizeDraft['kind'] })
                        }
                      >
                        {KIND_CHOICES.map(([kind, label]) => (
                          <option key={kind} value={kind}>
                            {label}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {(prize.kind === 'cash' || prize.kind === 'bonus') && (
                        <>
                          <input
                            aria-label={`Prize ${index + 1} amount`}
                            inputMode="decimal"
                            maxLength={20}
                            placeholder="0.00"
                            value={prize.amount}
                            aria-invalid={errors[`${at}.amount`] ? true : undefined}
                            onChange={(event) => changePrize(index, { amount: event.target.value })}
                          />
                          <FieldError errors={errors} name={`${at}.amount`} />
                        </>
                      )}
                      {prize.kind === 'points' && (
                        <>
                          <input
                            aria-label={`Prize ${index + 1} points`}
                            inputMode="numeric"
                            maxLength={8}
                            value={prize.points}
                            aria-invalid={errors[`${at}.points`] ? true : undefined}
                            onChange={(event) => changePrize(index, { points: event.target.value })}
                          />
                          <FieldError errors={errors} name={`${at}.points`} />
                        </>
                      )}
                      {prize.kind === 'none' && <span className="muted">—</span>}
                    </td>
                    <td>
                      {prize.kind === 'bonus' ? (
                        <>
                          <input
                            aria-label={`Prize ${index + 1} wagering multiplier`}
                            inputMode="numeric"
                            maxLength={4}
                            value={prize.multiplier}
                            aria-invalid={errors[`${at}.wageringMultiplier`] ? true : undefined}
                            onChange={(event) => changePrize(index, { multiplier: event.target.value })}
                          />
                          <FieldError errors={errors} name={`${at}.wageringMultiplier`} />
                        </>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td className="number">
                      <input
                        aria-label={`Prize ${index + 1} weight`}
                        inputMode="numeric"
                        maxLength={8}
                        value={prize.weight}
                        aria-invalid={errors[`${at}.weight`] ? true : undefined}
                        onChange={(event) => changePrize(index, { weight: event.target.value })}
                      />
                      <FieldError errors={errors} name={`${at}.weight`} />
                    </td>
                    <td className="number mono" data-testid="prize-chance">
                      {chances[index]}%
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--quiet button--small"
                        aria-label={`Remove prize ${index + 1}`}
                        disabled={draft.prizes.length <= 1}
                        onClick={() => change({ prizes: draft.prizes.filter((_, at) => at !== index) })}
                      >
                        Remove
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="toolbar">
          <button
            type="button"
            className="button button--quiet"
            disabled={draft.prizes.length >= PRIZES_MAX}
            onClick={() => change({ prizes: [...draft.prizes, newPrizeDraft()] })}
          >
            Add a prize
          </button>
          {table && (
            <span className="muted small">
              Version {table.version} · expected cost of a ticket {expectedCostWords(table.expectedCost)}.
              Changing the prizes makes version {table.version + 1}; draws already made keep theirs.
            </span>
          )}
        </div>
      </fieldset>
      {props.canWrite && (
        <div className="toolbar">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}
