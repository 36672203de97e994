import { type FormEvent, useState } from 'react';
import {
  Check,
  CodeSelectField,
  Field,
  fieldErrorsOf,
  LocalizedFields,
  OpenButton,
  textOf,
} from '../../components/editor-fields.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable } from '../../components/query-table.tsx';
import { failureNotice, type Notice } from '../../components/row-editor.tsx';
import { NAME_LENGTH_MAX } from './prize-table-form.ts';
import { money } from './reward-words.ts';
import { type OperatorTicketRule, usePrizeTables, useSaveTicketRule, useTicketRules } from './rewards-api.ts';
import {
  newRuleDraft,
  type RuleDraft,
  readRuleDraft,
  ruleDraftOf,
  TRIGGER_LABELS,
  TRIGGERS,
} from './ticket-rule-form.ts';

/** What earns a rule's tickets, in words. */
function triggerWords(rule: OperatorTicketRule): string {
  if (rule.trigger === 'deposit' && rule.amount) return `A deposit of ${money(rule.amount)} or more`;
  if (rule.trigger === 'valid_bet_day' && rule.amount) return `${money(rule.amount)} of valid bet in a day`;
  if (rule.trigger === 'vip_level') return `VIP level rank ${rule.vipRank ?? '?'} reached`;
  return TRIGGER_LABELS[rule.trigger];
}

/**
 * The ticket rules (docs/rewards.md "Tickets"): what issues tickets of which table, how many and for
 * how long; a rule opens in its form above the list.
 */
export function TicketRulesTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const rules = useTicketRules(props.merchantId);
  const tables = usePrizeTables(props.merchantId);
  const [open, setOpen] = useState<OperatorTicketRule | 'new' | null>(null);
  const tableName = (id: string) => {
    const table = tables.data?.list.find((item) => item.id === id);
    return table ? textOf(table.names) : id;
  };
  return (
    <section aria-label="Ticket rules">
      {open !== null && (
        <RuleEditor
          key={open === 'new' ? 'new' : open.id}
          merchantId={props.merchantId}
          rule={open === 'new' ? null : open}
          tables={(tables.data?.list ?? []).map((table) => [table.id, textOf(table.names)] as const)}
          canWrite={props.canWrite}
          onNotice={props.onNotice}
          onClose={() => setOpen(null)}
        />
      )}
      {open === null && (
        <div className="toolbar">
          <span className="toolbar__spacer" />
          {props.canWrite && (
            <button
              type="button"
              className="button button--primary"
              disabled={(tables.data?.list.length ?? 0) === 0}
              onClick={() => {
                props.onNotice(null);
                setOpen('new');
              }}
            >
              New ticket rule
            </button>
          )}
        </div>
      )}
      <QueryTable
        query={rules}
        rows={rules.data?.list ?? []}
        testId="reward-rules"
        headings={[
          'Name',
          'Earned by',
          numberHeading('Tickets'),
          'Table',
          numberHeading('Days to use'),
          'Status',
          '',
        ]}
        renderRow={(row) => (
          <tr>
            <td>
              <strong>{textOf(row.names)}</strong>
            </td>
            <td>{triggerWords(row)}</td>
            <td className="number mono">{row.tickets}</td>
            <td>{tableName(row.tableId)}</td>
            <td className="number mono">{row.expiresInDays}</td>
            <td>
              <span className={`badge ${row.active ? 'badge--success' : ''}`}>
                {row.active ? 'Active' : 'Inactive'}
              </span>
            </td>
            <td>
              <OpenButton
                canWrite={props.canWrite}
                name={textOf(row.names)}
                onOpen={() => {
                  props.onNotice(null);
                  setOpen(row);
                }}
              />
            </td>
          </tr>
        )}
        empty={
          <EmptyState title="No ticket rules yet.">
            {props.canWrite ? 'Add a prize table first, then the rules that give its tickets.' : null}
          </EmptyState>
        }
      />
    </section>
  );
}

function RuleEditor(props: {
  merchantId: string;
  rule: OperatorTicketRule | null;
  tables: readonly (readonly [string, string])[];
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<RuleDraft>(() =>
    props.rule ? ruleDraftOf(props.rule) : newRuleDraft(props.tables[0]?.[0] ?? ''),
  );
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSaveTicketRule();
  const errors = { ...fieldErrorsOf(save.error), ...localErrors };
  const change = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    props.onNotice(null);
    const reading = readRuleDraft(draft);
    if (!reading.ok) {
      setLocalErrors(reading.errors);
      return;
    }
    setLocalErrors({});
    try {
      await save.mutateAsync({
        id: props.rule?.id ?? null,
        merchantId: props.merchantId,
        body: reading.body,
      });
      props.onNotice({ tone: 'success', title: props.rule ? 'Ticket rule saved.' : 'Ticket rule added.' });
      props.onClose();
    } catch (error) {
      props.onNotice(failureNotice(error));
    }
  }

  const needsAmount = draft.trigger === 'deposit' || draft.trigger === 'valid_bet_day';
  return (
    <form
      className="panel form-grid"
      onSubmit={(event) => void handleSubmit(event)}
      aria-label={props.rule ? 'Edit ticket rule' : 'New ticket rule'}
      noValidate
    >
      <div className="panel__heading">
        <h2>{props.rule ? 'Edit ticket rule' : 'New ticket rule'}</h2>
        <button type="button" className="button button--quiet" onClick={props.onClose}>
          Close
        </button>
      </div>
      <fieldset className="form-grid" disabled={!props.canWrite}>
        <LocalizedFields
          label="Name (how members see the way to earn)"
          name="names"
          maxLength={NAME_LENGTH_MAX}
          value={draft.names}
          onChange={(names) => change({ names: { TY: names.TY ?? '', EN: names.EN ?? '' } })}
          errors={errors}
        />
        <div className="field-row">
          <CodeSelectField
            label="Earned by"
            name="trigger"
            errors={errors}
            value={draft.trigger}
            codes={TRIGGERS.map((trigger) => [trigger, TRIGGER_LABELS[trigger]] as const)}
            onChange={(trigger) => change({ trigger })}
          />
          {needsAmount && (
            <Field
              label={
                draft.trigger === 'deposit' ? 'Deposit of at least (₱)' : 'Valid bet in a day of at least (₱)'
              }
              name="amount"
              errors={errors}
            >
              <input
                inputMode="decimal"
                maxLength={20}
                value={draft.amount}
                aria-invalid={errors.amount ? true : undefined}
                onChange={(event) => change({ amount: event.target.value })}
              />
            </Field>
          )}
          {draft.trigger === 'vip_level' && (
            <Field label="VIP level rank reached" name="vipRank" errors={errors}>
              <input
                inputMode="numeric"
                maxLength={3}
                value={draft.vipRank}
                aria-invalid={errors.vipRank ? true : undefined}
                onChange={(event) => change({ vipRank: event.target.value })}
              />
            </Field>
          )}
        </div>
        <div className="field-row">
          <CodeSelectField
            label="Prize table"
            name="tableId"
            errors={errors}
            value={draft.tableId}
            codes={props.tables}
            onChange={(tableId) => change({ tableId })}
          />
          <Field label="Tickets" name="tickets" errors={errors}>
            <input
              inputMode="numeric"
              maxLength={3}
              value={draft.tickets}
              aria-invalid={errors.tickets ? true : undefined}
              onChange={(event) => change({ tickets: event.target.value })}
            />
          </Field>
          <Field label="Days to use them" name="expiresInDays" errors={errors}>
            <input
              inputMode="numeric"
              maxLength={3}
              value={draft.expiresInDays}
              aria-invalid={errors.expiresInDays ? true : undefined}
              onChange={(event) => change({ expiresInDays: event.target.value })}
            />
          </Field>
        </div>
        <Check isOn={draft.active} onChange={(active) => change({ active })}>
          Active: the rule gives tickets and members see it among the ways to earn
        </Check>
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
