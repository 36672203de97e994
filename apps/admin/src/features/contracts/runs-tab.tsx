import { type FormEvent, useState } from 'react';
import { ChoiceChips } from '../../components/choice-chips.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { CodeSelectField, Field } from '../../components/editor-fields.tsx';
import { ChangeNotice } from '../../components/merchant-picker.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AGENT_CONTRACT_KIND_LABELS, labelOfCode } from '../../lib/labels.ts';
import { PERIOD_LABELS, runnerOf } from './contract-labels.ts';
import { KIND_CHOICES } from './contract-parts.tsx';
import {
  type ContractKind,
  type CyclePick,
  cycleKeyOf,
  DIVIDEND_PERIODS,
  type DividendPeriod,
  describeCycleKey,
  dividendPeriodOf,
  isPickedByTime,
  previousDayIn,
} from './contract-terms.ts';
import {
  type SettlementScope,
  usePreviewCycle,
  useRuns,
  useSettleCycle,
  useTemplates,
} from './contracts-api.ts';
import { PreviewResult } from './settlement-parts.tsx';

/** Cycle keys are in the merchant's time; the platform's zone is the one its merchants start with. */
const MERCHANT_TIME_ZONE = 'Asia/Manila';

/**
 * The settlement runs of one kind (every cycle the job or an operator settled, with its counts and
 * totals), a preview of any cycle that writes nothing, and "settle a closed cycle now".
 */
export function RunsTab(props: {
  merchantId: string;
  canWrite: boolean;
  onOpenSettlements: (scope: SettlementScope) => void;
}) {
  const kind = usePagedFilter<ContractKind>('daily');
  const runs = useRuns({ merchantId: props.merchantId, kind: kind.filter, page: kind.page });
  // A dividend's cycle is first looked for in the merchant's usual period.
  const templates = useTemplates(props.merchantId);
  const usualPeriod = dividendPeriodOf(
    templates.data?.list.find((template) => template.kind === 'dividend')?.defaultPeriod ?? null,
  );
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, kind.filter);
  return (
    <section aria-label="Settlement runs">
      <div className="toolbar">
        <ChoiceChips label="Kind" choices={KIND_CHOICES} value={kind.filter} onChange={kind.choose} />
      </div>
      <CyclePanel
        key={`${kind.filter}-${usualPeriod}`}
        merchantId={props.merchantId}
        kind={kind.filter}
        usualPeriod={usualPeriod}
        canWrite={props.canWrite}
      />
      <h2 className="contracts-heading">{kindName}: runs</h2>
      <QueryTable
        query={runs}
        rows={runs.data?.list ?? []}
        headings={[
          'Cycle',
          'Run by',
          'Finished',
          numberHeading('Contracts'),
          numberHeading('Settlements'),
          numberHeading('Paid'),
          numberHeading('Waiting'),
          numberHeading('Amount'),
          numberHeading('Paid amount'),
          '',
        ]}
        renderRow={(run) => (
          <tr>
            <td>
              {describeCycleKey(run.cycleKey)}
              <span className="cell-note mono muted small">{run.cycleKey}</span>
            </td>
            <td>{runnerOf(run)}</td>
            <td className="small nowrap">
              {formatDateTime(run.finishedAt)}
              {run.rollupsAsOf && (
                <span className="cell-note muted">figures as of {formatDateTime(run.rollupsAsOf)}</span>
              )}
            </td>
            <td className="number">{run.contracts}</td>
            <td className="number">{run.settlements}</td>
            <td className="number">{run.paid}</td>
            <td className="number">
              {run.waiting > 0 ? <span className="badge badge--brand">{run.waiting}</span> : run.waiting}
            </td>
            <td className="number mono">{run.amount}</td>
            <td className="number mono">{run.paidAmount}</td>
            <td>
              <button
                className="button button--quiet button--small"
                type="button"
                disabled={run.settlements === 0}
                onClick={() => props.onOpenSettlements({ kind: run.kind, cycleKey: run.cycleKey })}
              >
                Settlements
              </button>
            </td>
          </tr>
        )}
        empty={<EmptyState title={`No ${kindName.toLowerCase()} cycle settled yet.`} />}
        paging={{ page: kind.page, onPage: kind.setPage, found: runs.data }}
      />
    </section>
  );
}

/**
 * Picks a cycle (a day, a dividend's period, an hour or five minutes) and previews or settles it.
 * The server refuses to settle a cycle still open; its answer shows in the confirmation.
 */
function CyclePanel(props: {
  merchantId: string;
  kind: ContractKind;
  usualPeriod: DividendPeriod;
  canWrite: boolean;
}) {
  const preview = usePreviewCycle();
  const settle = useSettleCycle();
  const confirm = useConfirmedAction();
  const [outcome, setOutcome] = useState<Notice>(null);
  const [period, setPeriod] = useState<DividendPeriod>(props.usualPeriod);
  const [pick, setPick] = useState<CyclePick>(() => ({
    day: previousDayIn(MERCHANT_TIME_ZONE, new Date()),
    time: '',
  }));
  const cycleKey = cycleKeyOf(props.kind, period, pick);
  const kindName = labelOfCode(AGENT_CONTRACT_KIND_LABELS, props.kind);
  const body = cycleKey ? { merchantId: props.merchantId, kind: props.kind, cycleKey } : null;

  // A preview answers for the cycle it was asked about; another pick clears it.
  function changePick(next: CyclePick) {
    setPick(next);
    preview.reset();
    setOutcome(null);
  }

  function changePeriod(next: DividendPeriod) {
    setPeriod(next);
    preview.reset();
    setOutcome(null);
  }

  function submitPreview(event: FormEvent) {
    event.preventDefault();
    if (body) preview.mutate(body);
  }

  function askSettle() {
    if (!body || !cycleKey) return;
    confirm.ask({
      title: `Settle the ${kindName.toLowerCase()} cycle ${describeCycleKey(cycleKey)} now?`,
      confirmLabel: 'Settle now',
      tone: 'primary',
      facts: [
        ['Kind', kindName],
        ['Cycle', `${describeCycleKey(cycleKey)} (${cycleKey})`],
        [
          'Effect',
          'Writes a settlement for every contract that earned in the cycle and pays them through the ledger. A cycle already settled pays nothing twice.',
        ],
        [
          'Refused',
          'While the cycle is still open, until the team figures have counted it, or after a later cycle settled.',
        ],
      ],
      run: async () => {
        setOutcome(null);
        const { run, isNew } = await settle.mutateAsync(body);
        preview.reset();
        setOutcome({
          tone: 'success',
          title: isNew
            ? `Settled ${describeCycleKey(run.cycleKey)}: ${run.settlements} settlements, ${run.amount} in all, ${run.paid} paid, ${run.waiting} waiting for an operator.`
            : `${describeCycleKey(run.cycleKey)} was settled already (${formatDateTime(run.finishedAt)}): nothing moved again.`,
        });
      },
    });
  }

  return (
    <section className="panel" aria-label="Preview or settle a cycle">
      {confirm.element}
      <ChangeNotice notice={outcome} />
      <h2>Preview or settle a cycle</h2>
      <form className="form-grid" onSubmit={submitPreview} aria-label="Pick a cycle">
        {props.kind === 'dividend' && (
          <CodeSelectField
            label="Period"
            name="period"
            errors={{}}
            value={period}
            codes={DIVIDEND_PERIODS.map((code) => [code, labelOfCode(PERIOD_LABELS, code)] as const)}
            onChange={changePeriod}
          />
        )}
        <Field label="A day in the cycle (merchant time)" name="day" errors={{}}>
          <input
            type="date"
            required
            value={pick.day}
            onChange={(event) => changePick({ ...pick, day: event.target.value })}
          />
        </Field>
        {isPickedByTime(props.kind) && (
          <Field
            label={props.kind === 'hourly' ? 'A time in the hour' : 'A time in the 5 minutes'}
            name="time"
            errors={{}}
          >
            <input
              type="time"
              required
              value={pick.time}
              onChange={(event) => changePick({ ...pick, time: event.target.value })}
            />
          </Field>
        )}
        <p className="muted small">
          {cycleKey ? (
            <>
              Cycle: <strong>{describeCycleKey(cycleKey)}</strong> <span className="mono">{cycleKey}</span>
            </>
          ) : (
            'Pick a day and time to name the cycle.'
          )}
        </p>
        <div className="form-grid__actions">
          <button className="button button--quiet" type="submit" disabled={!cycleKey || preview.isPending}>
            {preview.isPending ? 'Computing…' : 'Preview'}
          </button>
          {props.canWrite && (
            <button
              className="button button--primary"
              type="button"
              disabled={!cycleKey || confirm.isSending}
              onClick={askSettle}
            >
              Settle now…
            </button>
          )}
        </div>
      </form>
      {preview.isError && <ErrorState error={preview.error} />}
      {preview.data && <PreviewResult preview={preview.data} kind={props.kind} />}
    </section>
  );
}
