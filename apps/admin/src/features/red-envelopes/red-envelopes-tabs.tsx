import { type FormEvent, useState } from 'react';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { Field } from '../../components/editor-fields.tsx';
import { useFormSave } from '../../components/form-save.ts';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import {
  DEFAULT_REPORT_RANGE,
  isCompleteRange,
  type ReportRange,
  ReportRangeChooser,
  rangeQueryOf,
} from '../../components/report-range.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { type DropForm, emptyDropForm, formOfDrop, readDropForm } from './drop-form.ts';
import {
  type DropRow,
  type DropStatus,
  useDropCancel,
  useDropClaims,
  useDropSave,
  useDrops,
  useDropsReport,
} from './red-envelopes-api.ts';

/** Drops pay in the merchant's currency: pesos on this platform. */
const money = (amount: string) => formatPesos(amount, 'PHP');

const STATUS_LABELS: Record<DropStatus, string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  ended: 'Ended',
  cancelled: 'Cancelled',
};
const STATUS_BADGES: Record<DropStatus, string> = {
  upcoming: 'badge badge--brand',
  open: 'badge badge--success',
  ended: 'badge',
  cancelled: 'badge badge--danger',
};

function audienceWords(drop: DropRow): string {
  if (drop.audience === 'vip') return `VIP rank ${drop.vipRank} and above`;
  if (drop.audience === 'depositors') return `Deposited in the last ${drop.depositDays} days`;
  return 'Every member';
}

/** The drop editor: a new drop, or one not yet open being changed. */
function DropEditor(props: {
  merchantId: string;
  drop: DropRow | null;
  onDone: (notice: Notice) => void;
  onCancel: () => void;
}) {
  const save = useDropSave();
  const [form, setForm] = useState<DropForm>(() =>
    props.drop ? formOfDrop(props.drop) : emptyDropForm(new Date()),
  );
  const { errors, submit, clear } = useFormSave({
    read: () => readDropForm(form),
    send: (body) => save.mutateAsync({ id: props.drop?.id ?? null, merchantId: props.merchantId, body }),
    onNotice: props.onDone,
    savedTitle: props.drop ? 'Drop saved.' : 'Drop scheduled.',
  });
  const set = <Key extends keyof DropForm>(key: Key, value: DropForm[Key]) => {
    setForm({ ...form, [key]: value });
    clear([key]);
  };

  return (
    <form
      className="editor"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      aria-label={props.drop ? 'Change the drop' : 'New drop'}
    >
      <Field label="Title (Tagalog)" name="titleTY" errors={errors}>
        <input value={form.titleTY} maxLength={60} onChange={(event) => set('titleTY', event.target.value)} />
      </Field>
      <Field label="Title (English)" name="titleEN" errors={errors}>
        <input value={form.titleEN} maxLength={60} onChange={(event) => set('titleEN', event.target.value)} />
      </Field>
      <Field label="Total (₱)" name="totalAmount" errors={errors}>
        <input
          inputMode="decimal"
          value={form.totalAmount}
          onChange={(event) => set('totalAmount', event.target.value)}
        />
      </Field>
      <Field label="Envelopes" name="count" errors={errors}>
        <input
          inputMode="numeric"
          value={form.count}
          onChange={(event) => set('count', event.target.value)}
        />
      </Field>
      <Field
        label="Minimum per envelope (₱)"
        name="minimumAmount"
        errors={errors}
        hint="The total must be at least envelopes × minimum."
      >
        <input
          inputMode="decimal"
          value={form.minimumAmount}
          onChange={(event) => set('minimumAmount', event.target.value)}
        />
      </Field>
      <Field label="Who may open one" name="audience" errors={errors}>
        <select
          value={form.audience}
          onChange={(event) => set('audience', event.target.value as DropForm['audience'])}
        >
          <option value="all">Every member</option>
          <option value="vip">VIP members from a rank</option>
          <option value="depositors">Members who deposited recently</option>
        </select>
      </Field>
      {form.audience === 'vip' && (
        <Field label="Lowest VIP rank" name="vipRank" errors={errors}>
          <input
            inputMode="numeric"
            value={form.vipRank}
            onChange={(event) => set('vipRank', event.target.value)}
          />
        </Field>
      )}
      {form.audience === 'depositors' && (
        <Field label="Deposited within days" name="depositDays" errors={errors}>
          <input
            inputMode="numeric"
            value={form.depositDays}
            onChange={(event) => set('depositDays', event.target.value)}
          />
        </Field>
      )}
      <Field label="Opens" name="startsAt" errors={errors}>
        <input
          type="datetime-local"
          value={form.startsAt}
          onChange={(event) => set('startsAt', event.target.value)}
        />
      </Field>
      <Field label="Ends" name="endsAt" errors={errors} hint="At most 31 days after it opens.">
        <input
          type="datetime-local"
          value={form.endsAt}
          onChange={(event) => set('endsAt', event.target.value)}
        />
      </Field>
      <div className="toolbar">
        <button className="button" type="submit" disabled={save.isPending}>
          {props.drop ? 'Save the drop' : 'Schedule the drop'}
        </button>
        <button className="button button--quiet" type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A drop's opened envelopes in handing-out order: masked account, amount, time. */
function DropClaims(props: { drop: DropRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const claims = useDropClaims({ id: props.drop.id, page });
  return (
    <section aria-label="Opened envelopes" className="editor">
      <div className="toolbar">
        <strong>
          {props.drop.titles.EN}: {props.drop.opened} of {props.drop.count} opened, {money(props.drop.paid)}{' '}
          paid
        </strong>
        <button className="button button--quiet" type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
      <QueryTable
        query={claims}
        rows={(claims.data?.list ?? []).map((row) => ({ ...row, id: String(row.index) }))}
        headings={[numberHeading('Envelope'), 'Member', numberHeading('Amount'), 'Opened']}
        testId="red-envelope-claims"
        renderRow={(row) => (
          <tr>
            <td className="number mono">{row.index + 1}</td>
            <td className="mono">{row.account}</td>
            <td className="number mono">{money(row.amount)}</td>
            <td className="small nowrap">{formatDateTime(row.openedAt)}</td>
          </tr>
        )}
        empty={<EmptyState title="No envelope opened yet." />}
        paging={{ page, onPage: setPage, found: claims.data }}
      />
    </section>
  );
}

/**
 * The drops, latest first (rewards.write to schedule, change and cancel one before it opens,
 * audited on the server), each with what it has paid, its seed's hash, and its opened envelopes.
 */
export function DropsTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const search = usePagedFilter(null);
  const drops = useDrops({ merchantId: props.merchantId, page: search.page });
  const cancel = useDropCancel();
  const confirm = useConfirmedAction();
  const [editing, setEditing] = useState<DropRow | 'new' | null>(null);
  const [viewing, setViewing] = useState<DropRow | null>(null);
  const done = (notice: Notice) => {
    props.onNotice(notice);
    if (notice?.tone === 'success') setEditing(null);
  };
  const askCancel = (drop: DropRow) =>
    confirm.ask({
      title: `Cancel “${drop.titles.EN}”?`,
      confirmLabel: 'Cancel the drop',
      tone: 'danger',
      facts: [
        ['Opens', formatDateTime(drop.startsAt)],
        ['Envelopes', `${drop.count} sharing ${money(drop.totalAmount)}`],
        ['Audit', 'The cancellation is recorded with your name.'],
      ],
      run: async () => {
        await cancel.mutateAsync(drop.id);
      },
    });
  return (
    <section aria-label="Red-envelope drops">
      {confirm.element}
      {props.canWrite && editing === null && (
        <div className="toolbar">
          <button className="button" type="button" onClick={() => setEditing('new')}>
            New drop
          </button>
        </div>
      )}
      {editing !== null && (
        <DropEditor
          key={editing === 'new' ? 'new' : editing.id}
          merchantId={props.merchantId}
          drop={editing === 'new' ? null : editing}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      {viewing !== null && <DropClaims key={viewing.id} drop={viewing} onClose={() => setViewing(null)} />}
      <QueryTable
        query={drops}
        rows={drops.data?.list ?? []}
        headings={[
          'Drop',
          'Window',
          'Who',
          numberHeading('Opened'),
          numberHeading('Paid'),
          'Status',
          'Seed hash',
          { ariaLabel: 'Actions' },
        ]}
        testId="red-envelope-drops"
        renderRow={(drop) => (
          <tr>
            <td>
              {drop.titles.EN}
              <div className="muted small">{drop.titles.TY}</div>
            </td>
            <td className="small nowrap">
              {formatDateTime(drop.startsAt)}
              <div className="muted">to {formatDateTime(drop.endsAt)}</div>
            </td>
            <td className="small">{audienceWords(drop)}</td>
            <td className="number mono">
              {drop.opened} / {drop.count}
            </td>
            <td className="number mono">
              {money(drop.paid)} <span className="muted small">of {money(drop.totalAmount)}</span>
              <div className="muted small">
                {drop.released === null
                  ? `Reserved on ${drop.budgetDay}`
                  : `${money(drop.released)} given back to ${drop.budgetDay}`}
              </div>
            </td>
            <td>
              <span className={STATUS_BADGES[drop.status]}>{STATUS_LABELS[drop.status]}</span>
            </td>
            <td
              className="mono small"
              title={drop.serverSeed ? `Seed ${drop.serverSeed}` : drop.serverSeedHash}
            >
              {drop.serverSeedHash.slice(0, 12)}…
            </td>
            <td className="nowrap">
              <button className="button button--quiet" type="button" onClick={() => setViewing(drop)}>
                Envelopes
              </button>
              {props.canWrite && drop.changeable && (
                <>
                  {' '}
                  <button className="button button--quiet" type="button" onClick={() => setEditing(drop)}>
                    Change
                  </button>{' '}
                  <button
                    className="button button--quiet"
                    type="button"
                    disabled={confirm.isSending}
                    onClick={() => askCancel(drop)}
                  >
                    Cancel
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No drops yet." />}
        paging={{ page: search.page, onPage: search.setPage, found: drops.data }}
      />
    </section>
  );
}

/** What drops starting in the days cost: envelopes opened, members, paid and left unclaimed. */
export function DropsCostTab(props: { merchantId: string }) {
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const report = useDropsReport({
    merchantId: props.merchantId,
    range: rangeQueryOf(range),
    isReady: isCompleteRange(range),
  });
  const totals = report.data?.totals;
  return (
    <section aria-label="Red-envelope cost">
      <ReportRangeChooser value={range} onChange={setRange} />
      {totals && (
        <p className="muted small">
          {totals.opened} envelopes opened: {money(totals.paid)} paid of {money(totals.total)},{' '}
          {money(totals.unclaimed)} left unclaimed.
        </p>
      )}
      <QueryTable
        query={report}
        rows={report.data?.list ?? []}
        headings={[
          'Drop',
          'Opened at',
          numberHeading('Envelopes opened'),
          numberHeading('Members'),
          numberHeading('Paid'),
          numberHeading('Unclaimed'),
        ]}
        testId="red-envelope-cost"
        renderRow={(row) => (
          <tr>
            <td>{row.titles.EN}</td>
            <td className="small nowrap">{formatDateTime(row.startsAt)}</td>
            <td className="number mono">
              {row.opened} / {row.count}
            </td>
            <td className="number mono">{row.members}</td>
            <td className="number mono">{money(row.paid)}</td>
            <td className="number mono">{money(row.unclaimed)}</td>
          </tr>
        )}
        empty={<EmptyState title="No drops in these days." />}
      />
    </section>
  );
}
