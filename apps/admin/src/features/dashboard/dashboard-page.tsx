import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useState } from 'react';
import { MerchantPicker } from '../../components/merchant-picker.tsx';
import { ErrorState } from '../../components/query-state.tsx';
import { formatDateTime, formatPesos } from '../../lib/format.ts';
import { type Dashboard, type DashboardDay, useDashboard } from './dashboard-api.ts';

export type DashboardPageProps = {
  operator: { username: string; displayName: string; roleName: string };
  ownMerchantId: string | null;
  merchants: { id: string; code: string; name: string }[];
  permissions: readonly string[];
  idleMinutes: number;
  expiresAt: string;
  /** Where the Money section opens, for the queue tiles. */
  moneyHref: string;
};

/** Minor units of a wire amount ("1250.00"), for comparing days without floating point. */
const minorOf = (amount: string): bigint => BigInt(amount.replace('.', ''));

type Figure = {
  label: string;
  value: (day: DashboardDay) => string;
  /** What the comparison with yesterday counts. */
  measure: (day: DashboardDay) => bigint;
};

type KeyOf<Value> = {
  [Key in keyof DashboardDay]: DashboardDay[Key] extends Value ? Key : never;
}[keyof DashboardDay];

/** A figure that counts (players, deposits): shown and compared as a whole number. */
const countFigure = (label: string, key: KeyOf<number>): Figure => ({
  label,
  value: (day) => String(day[key]),
  measure: (day) => BigInt(day[key]),
});

/** A figure in pesos: shown as money, compared in minor units. */
const amountFigure = (label: string, key: KeyOf<string>): Figure => ({
  label,
  value: (day) => formatPesos(day[key], 'PHP'),
  measure: (day) => minorOf(day[key]),
});

const FIGURES: Figure[] = [
  countFigure('Registrations', 'registrations'),
  countFigure('Active players', 'activePlayers'),
  amountFigure('Deposited', 'depositAmount'),
  countFigure('First deposits', 'firstDeposits'),
  amountFigure('Withdrawn', 'withdrawalAmount'),
  amountFigure('Net deposits', 'netDeposits'),
  amountFigure('Bets', 'betAmount'),
  amountFigure('GGR', 'ggr'),
];

function Trend({ today, yesterday }: { today: bigint; yesterday: bigint }) {
  if (today === yesterday) {
    return (
      <span className="trend trend--flat">
        <Minus size={14} aria-hidden="true" /> same as yesterday
      </span>
    );
  }
  const isUp = today > yesterday;
  const Icon = isUp ? ArrowUpRight : ArrowDownRight;
  return (
    <span className={`trend ${isUp ? 'trend--up' : 'trend--down'}`}>
      <Icon size={14} aria-hidden="true" /> {isUp ? 'up' : 'down'} on yesterday
    </span>
  );
}

/** Seven small bars, today last; the tallest day fills the strip. */
function WeekStrip({ days, figure }: { days: readonly DashboardDay[]; figure: Figure }) {
  // Bar heights only: a share of the week's highest day (below zero draws as the smallest bar).
  const values = days.map((day) => Number(figure.measure(day)));
  const max = Math.max(0, ...values);
  return (
    <div className="week-strip" aria-hidden="true">
      {values.map((value, index) => {
        const share = max > 0 && value > 0 ? (value * 100) / max : 0;
        return (
          <span
            key={days[index]?.day}
            className="week-strip__bar"
            style={{ height: `${Math.max(share, 4)}%` }}
            title={`${days[index]?.day}: ${days[index] ? figure.value(days[index]) : ''}`}
          />
        );
      })}
    </div>
  );
}

function Figures({ dashboard }: { dashboard: Dashboard }) {
  const today = dashboard.days.at(-1);
  const yesterday = dashboard.days.at(-2);
  if (!today) return null;
  return (
    <ul className="tiles" aria-label="Today">
      {FIGURES.map((figure) => (
        <li key={figure.label} className="tile">
          <span className="tile__label">{figure.label}</span>
          <strong className="tile__value">{figure.value(today)}</strong>
          {yesterday && <Trend today={figure.measure(today)} yesterday={figure.measure(yesterday)} />}
          <WeekStrip days={dashboard.days} figure={figure} />
        </li>
      ))}
    </ul>
  );
}

function RightNow(props: { dashboard: Dashboard; moneyHref: string; showQueues: boolean }) {
  const { queues } = props.dashboard;
  const items = props.showQueues
    ? [
        {
          label: 'Withdrawals to review',
          count: queues.withdrawalsInReview,
          amount: queues.withdrawalsInReviewAmount,
        },
        {
          label: 'Bank deposits to review',
          count: queues.bankDepositsInReview,
          amount: queues.bankDepositsInReviewAmount,
        },
      ]
    : [];
  return (
    <ul className="tiles" aria-label="Right now">
      <li className="tile">
        <span className="tile__label">Online now</span>
        <strong className="tile__value" data-testid="online-players">
          {props.dashboard.onlinePlayers}
        </strong>
        <span className="muted small">players seen in the last 15 minutes</span>
      </li>
      {items.map((item) => (
        <li key={item.label} className={`tile${item.count > 0 ? ' tile--attention' : ''}`}>
          <span className="tile__label">{item.label}</span>
          <strong className="tile__value">{item.count}</strong>
          <span className="muted small">{formatPesos(item.amount, 'PHP')} in total</span>
          {item.count > 0 && (
            <a className="button button--small" href={props.moneyHref}>
              Open the queue
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function FiguresSkeleton() {
  return (
    <ul className="tiles" aria-label="Loading today’s figures" aria-busy="true">
      {Array.from({ length: FIGURES.length }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their position.
        <li key={index} className="tile">
          <span className="skeleton" aria-hidden="true" />
          <span className="skeleton skeleton--tall" aria-hidden="true" />
        </li>
      ))}
    </ul>
  );
}

function TodayFigures(props: DashboardPageProps) {
  const [merchantId, setMerchantId] = useState(props.ownMerchantId ?? '');
  const dashboard = useDashboard(merchantId);
  return (
    <section className="dashboard-figures" aria-label="Figures">
      <div className="toolbar">
        <h2 className="dashboard-figures__title">Today{dashboard.data ? `, ${dashboard.data.today}` : ''}</h2>
        <span className="toolbar__spacer" />
        <MerchantPicker
          ownMerchantId={props.ownMerchantId}
          merchants={props.merchants}
          value={merchantId}
          onChange={setMerchantId}
          noneLabel="All merchants"
        />
      </div>
      {dashboard.isPending ? (
        <FiguresSkeleton />
      ) : dashboard.isError ? (
        <ErrorState error={dashboard.error} onRetry={() => dashboard.refetch()} />
      ) : (
        <>
          <Figures dashboard={dashboard.data} />
          <h2 className="dashboard-figures__title">Right now</h2>
          <RightNow
            dashboard={dashboard.data}
            moneyHref={props.moneyHref}
            showQueues={props.permissions.includes('finance.read')}
          />
        </>
      )}
    </section>
  );
}

/**
 * The first screen: today's figures against yesterday with the week behind them, who is online,
 * the queues waiting for someone, and the operator's own session.
 */
export function DashboardPage(props: DashboardPageProps) {
  const canReadReports = props.permissions.includes('reports.read');
  return (
    <div className="page dashboard-page">
      {canReadReports && <TodayFigures {...props} />}
      <section className="panel dashboard" aria-label="Your session">
        <h2>Welcome, {props.operator.displayName}</h2>
        <dl className="facts">
          <dt>Signed in as</dt>
          <dd>
            {props.operator.username} ({props.operator.roleName})
          </dd>
          <dt>Works on</dt>
          <dd>{props.merchants.map((merchant) => merchant.name).join(', ') || '—'}</dd>
          <dt>Session</dt>
          <dd>
            ends after {props.idleMinutes} idle minutes, at the latest {formatDateTime(props.expiresAt)}
          </dd>
          <dt>Permissions</dt>
          <dd className="chips">
            {props.permissions.map((permission) => (
              <span key={permission} className="badge">
                {permission}
              </span>
            ))}
          </dd>
        </dl>
      </section>
    </div>
  );
}
