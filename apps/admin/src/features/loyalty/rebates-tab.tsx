import { type FormEvent, useState } from 'react';
import { ChoiceSelect } from '../../components/choice-select.tsx';
import { useConfirmedAction } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/query-state.tsx';
import { numberHeading, QueryTable, usePagedFilter } from '../../components/query-table.tsx';
import type { Notice } from '../../components/row-editor.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { GAME_TYPE_LABELS, labelOfCode } from '../../lib/labels.ts';
import {
  type RebateMode,
  type RebatePayoutStatus,
  useRebatePayouts,
  useRunRebateDay,
} from './loyalty-api.ts';
import { REBATE_MODE_CHOICES, REBATE_MODE_LABELS, REBATE_SKIP_LABELS } from './loyalty-labels.ts';
import './loyalty.css';
import {
  dayBefore,
  dayIn,
  daysBefore,
  defaultPeriod,
  MERCHANT_TIME_ZONE,
  RUN_DAYS_BACK_MAX,
  readClosedDay,
  readPeriod,
  runResultText,
} from './rebate-run.ts';

/** Rebates pay in the merchant's currency: pesos on this platform. */
const money = (amount: string) => formatPesos(amount, 'PHP');
const countText = (count: number, noun: string) =>
  `${count.toLocaleString('en-PH')} ${noun}${count === 1 ? '' : 's'}`;

type Filter = {
  from: string;
  to: string;
  account: string;
  mode: RebateMode | '';
  status: RebatePayoutStatus | '';
};

const MODE_CHOICES = [['', 'Daily and claimed'], ...REBATE_MODE_CHOICES] as const;
const STATUS_CHOICES = [
  ['', 'Paid and not paid'],
  ['paid', 'Paid'],
  ['skipped', 'Not paid'],
] as const satisfies ReadonlyArray<readonly [RebatePayoutStatus | '', string]>;

/**
 * The rebates paid (docs/loyalty.md "Rebates"): each day's automatic payout and each manual claim,
 * by period and account, with the totals over the filter; and the daily run of one closed day now,
 * for an operator who may (loyalty.write), asked first and audited on the server.
 */
export function RebatesTab(props: {
  merchantId: string;
  canWrite: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const confirm = useConfirmedAction();
  // The merchant's today when the tab opened: the days before it are closed.
  const [today] = useState(() => dayIn(MERCHANT_TIME_ZONE, new Date()));
  // The period opens on the server's default, so that the fields say what the totals count.
  const search = usePagedFilter<Filter>({ ...defaultPeriod(today), account: '', mode: '', status: '' });
  const { filter } = search;
  const period = readPeriod(filter.from, filter.to);
  const payouts = useRebatePayouts({
    merchantId: props.merchantId,
    ...filter,
    ...('error' in period ? { from: '', to: '' } : period),
    page: search.page,
  });
  const data = payouts.data;
  return (
    <section aria-label="Rebates">
      {confirm.element}
      {props.canWrite && <RunClosedDay {...props} confirm={confirm} today={today} />}
      <div className="toolbar">
        <label className="toolbar-date">
          <span>From</span>
          <input
            type="date"
            max={today}
            value={filter.from}
            onChange={(event) => search.choose({ ...filter, from: event.target.value })}
          />
        </label>
        <label className="toolbar-date">
          <span>To</span>
          <input
            type="date"
            max={today}
            value={filter.to}
            onChange={(event) => search.choose({ ...filter, to: event.target.value })}
          />
        </label>
        <SearchBox
          label="Search by account"
          placeholder="Account"
          maxLength={64}
          value={filter.account}
          onChange={(account) => search.choose({ ...filter, account })}
        />
        <ChoiceSelect
          label="How paid"
          value={filter.mode}
          choices={MODE_CHOICES}
          onChange={(mode) => search.choose({ ...filter, mode })}
        />
        <ChoiceSelect
          label="Status"
          value={filter.status}
          choices={STATUS_CHOICES}
          onChange={(status) => search.choose({ ...filter, status })}
        />
      </div>
      {'error' in period && (
        <p className="field__error" role="alert">
          {period.error}
        </p>
      )}
      {data && (
        <p className="rebate-totals" data-testid="rebate-totals">
          <strong className="mono">{money(data.totals.paidAmount)}</strong>{' '}
          <span className="muted">
            paid in {countText(data.totals.paid, 'payout')} from {data.range.from} to {data.range.to}
            {data.totals.skipped > 0
              ? ` · ${countText(data.totals.skipped, 'member')} not paid (no promotions)`
              : ''}
          </span>
        </p>
      )}
      <QueryTable
        query={payouts}
        rows={data?.list ?? []}
        headings={['Paid', 'Account', 'How', 'Covers', 'By game type', numberHeading('Amount'), 'Status']}
        testId="rebate-payouts"
        renderRow={(payout) => (
          <tr>
            <td className="small nowrap">{formatDateTime(payout.createdAt)}</td>
            <td className="mono">{payout.account}</td>
            <td>{labelOfCode(REBATE_MODE_LABELS, payout.mode)}</td>
            <td className="small nowrap">
              {payout.day ?? `${formatDateTime(payout.coveredFrom)} to ${formatDateTime(payout.coveredTo)}`}
            </td>
            <td className="small">
              {payout.lines.map((line) => (
                <span key={line.gameType} className="rebate-line">
                  {labelOfCode(GAME_TYPE_LABELS, line.gameType)}: {line.rate} % of {money(line.basisAmount)}
                  {payout.basis === 'theoreticalLoss' ? ' (theoretical loss)' : ''}
                </span>
              ))}
            </td>
            <td className="number mono">{money(payout.amount)}</td>
            <td>
              {payout.status === 'paid' ? (
                <span className="badge badge--success">Paid</span>
              ) : (
                <span className="badge badge--danger" title={payout.skipReason ?? undefined}>
                  {labelOfCode(REBATE_SKIP_LABELS, payout.skipReason ?? 'skipped')}
                </span>
              )}
            </td>
          </tr>
        )}
        empty={<EmptyState title="No rebates in this period." />}
        paging={{ page: search.page, onPage: search.setPage, found: data }}
      />
    </section>
  );
}

/**
 * Runs the daily rebate of one closed day at once, the day the job would run by itself: for a day
 * the job missed, or to pay a day without waiting. A day already paid pays nobody twice.
 */
function RunClosedDay(props: {
  merchantId: string;
  today: string;
  confirm: ReturnType<typeof useConfirmedAction>;
  onNotice: (notice: Notice) => void;
}) {
  const run = useRunRebateDay();
  const [dayText, setDayText] = useState(() => dayBefore(props.today));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const reading = readClosedDay(dayText, props.today);
    if ('error' in reading) {
      setError(reading.error);
      return;
    }
    setError(null);
    props.confirm.ask({
      title: `Run the rebate of ${reading.day} now?`,
      confirmLabel: 'Run the day',
      tone: 'primary',
      facts: [
        ['Day', reading.day],
        [
          'Effect',
          "Pays each member's rebate for the day at the rates and basis in force, as bonuses; members already paid for it are not paid again. In manual mode nothing is paid by day.",
        ],
        ['Audit', 'The run is recorded with your name.'],
      ],
      run: async () => {
        const result = await run.mutateAsync({ merchantId: props.merchantId, day: reading.day });
        props.onNotice({ tone: 'success', title: runResultText(result, money) });
      },
    });
  }

  return (
    <form className="toolbar rebate-run" onSubmit={submit} aria-label="Run a closed day">
      <label className="toolbar-date">
        <span>Closed day</span>
        <input
          type="date"
          min={daysBefore(props.today, RUN_DAYS_BACK_MAX)}
          max={dayBefore(props.today)}
          value={dayText}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDayText(event.target.value)}
        />
      </label>
      <button className="button button--quiet" type="submit" disabled={props.confirm.isSending}>
        Run the closed day now…
      </button>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
