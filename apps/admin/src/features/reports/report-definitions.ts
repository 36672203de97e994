import { GAME_TYPE_LABELS, type LabelMap } from '../../lib/labels.ts';
/** The date presets of spec §9; "custom" uses the two dates. */
export const PRESETS = [
  ['today', 'Today'],
  ['yesterday', 'Yesterday'],
  ['past7Days', 'Past 7 days'],
  ['past30Days', 'Past 30 days'],
  ['thisMonth', 'This month'],
  ['lastMonth', 'Last month'],
  ['custom', 'Custom'],
] as const;
export type Preset = (typeof PRESETS)[number][0];

export type Row = Record<string, string | number> & {
  day?: string;
  merchantId: string;
  merchantCode: string;
};

/** A report column; a text column of codes names them through `labels` on screen (the CSV keeps the codes). */
export type Column = { key: string; label: string; kind: 'text' | 'count' | 'money'; labels?: LabelMap };
export type Series = { key: string; label: string; color: string };

/**
 * A report of the framework: where its rows come from (a path and any fixed query), how they show
 * as a table, and the daily chart's lines (none for a report whose rows are not days).
 */
export type ReportDefinition = {
  id: string;
  title: string;
  path:
    | '/bo/reports/games'
    | '/bo/reports/player-activity'
    | '/bo/reports/money'
    | '/bo/reports/overdue-vendor-rounds';
  query?: { groupBy: 'day' | 'gameType' | 'vendor' | 'game' };
  columns: Column[];
  series: Series[];
  /** What the figures mean, where a reader could take them for something else. */
  help?: string;
};

const DAY_COLUMNS: Column[] = [
  { key: 'day', label: 'Day', kind: 'text' },
  { key: 'merchantCode', label: 'Merchant', kind: 'text' },
];

const GAME_FIGURES: Column[] = [
  { key: 'bets', label: 'Bets', kind: 'money' },
  { key: 'wins', label: 'Wins', kind: 'money' },
  { key: 'ggr', label: 'GGR', kind: 'money' },
  { key: 'rounds', label: 'Rounds', kind: 'count' },
  { key: 'players', label: 'Players', kind: 'count' },
];
/**
 * NGR is GGR less what the house gave players. Bonuses are not paid for one game, so spreading them
 * over game types or vendors (by stakes, say) would make up a figure; NGR stays per day.
 */
const NGR_HELP =
  'GGR is bets less wins of the rounds settled that day. NGR is GGR less the bonuses the house paid players that day (bonuses forfeited back count against it). Agent pay (salary and dividends) is shown beside NGR, not taken from it; manual balance adjustments are in neither.';
const GGR_ONLY_HELP =
  'GGR only: bonuses are not paid for any one game, so NGR is shown per day and merchant in the money report, not per game type, vendor or game.';
const CHART_COLORS = {
  indigo: 'var(--chart-1, #6366f1)',
  green: 'var(--chart-2, #10b981)',
  amber: 'var(--chart-3, #f59e0b)',
  red: 'var(--chart-4, #ef4444)',
};

/** The chart's lines: one for each column named, in that order, labelled as its column. */
function seriesOf(columns: readonly Column[], colorByKey: Record<string, string>): Series[] {
  return Object.entries(colorByKey).map(([key, color]) => {
    const column = columns.find((candidate) => candidate.key === key);
    if (!column) throw new Error(`A chart line needs a column of its own: ${key}`);
    return { key, label: column.label, color };
  });
}

const GAMES_BY_DAY_COLUMNS = [...DAY_COLUMNS, ...GAME_FIGURES];

const PLAYER_ACTIVITY_COLUMNS: Column[] = [
  ...DAY_COLUMNS,
  { key: 'registrations', label: 'Registrations', kind: 'count' },
  { key: 'logins', label: 'Sign-ins', kind: 'count' },
  { key: 'activePlayers', label: 'Active players', kind: 'count' },
];

const MONEY_COLUMNS: Column[] = [
  ...DAY_COLUMNS,
  { key: 'deposits', label: 'Deposits', kind: 'count' },
  { key: 'depositAmount', label: 'Deposited', kind: 'money' },
  { key: 'firstDeposits', label: 'First deposits', kind: 'count' },
  { key: 'firstDepositAmount', label: 'First deposited', kind: 'money' },
  { key: 'withdrawals', label: 'Withdrawals', kind: 'count' },
  { key: 'withdrawalAmount', label: 'Withdrawn', kind: 'money' },
  { key: 'netDeposits', label: 'Net deposits', kind: 'money' },
  { key: 'ggr', label: 'GGR', kind: 'money' },
  { key: 'bonuses', label: 'Bonuses paid', kind: 'money' },
  { key: 'ngr', label: 'NGR', kind: 'money' },
  { key: 'agentPay', label: 'Agent pay', kind: 'money' },
];

const MERCHANT_COLUMN: Column = { key: 'merchantCode', label: 'Merchant', kind: 'text' };
const GAME_TYPE_COLUMN: Column = {
  key: 'gameType',
  label: 'Game type',
  kind: 'text',
  labels: GAME_TYPE_LABELS,
};

/** The game report of settled rounds, grouped four ways; only the daily one draws a chart. */
const GAME_REPORTS: ReportDefinition[] = [
  {
    id: 'games-by-day',
    title: 'Games: bets, wins and GGR by day',
    path: '/bo/reports/games',
    query: { groupBy: 'day' },
    columns: GAMES_BY_DAY_COLUMNS,
    series: seriesOf(GAMES_BY_DAY_COLUMNS, {
      bets: CHART_COLORS.indigo,
      wins: CHART_COLORS.red,
      ggr: CHART_COLORS.green,
    }),
  },
  {
    id: 'games-by-type',
    help: GGR_ONLY_HELP,
    title: 'Games: by game type',
    path: '/bo/reports/games',
    query: { groupBy: 'gameType' },
    columns: [MERCHANT_COLUMN, GAME_TYPE_COLUMN, ...GAME_FIGURES],
    series: [],
  },
  {
    id: 'games-by-vendor',
    help: GGR_ONLY_HELP,
    title: 'Games: by vendor',
    path: '/bo/reports/games',
    query: { groupBy: 'vendor' },
    columns: [
      MERCHANT_COLUMN,
      { key: 'vendorName', label: 'Vendor', kind: 'text' },
      { key: 'vassalage', label: 'Vendor code', kind: 'text' },
      ...GAME_FIGURES,
    ],
    series: [],
  },
  {
    id: 'games-top',
    help: GGR_ONLY_HELP,
    title: 'Games: top games by bets',
    path: '/bo/reports/games',
    query: { groupBy: 'game' },
    columns: [
      MERCHANT_COLUMN,
      { key: 'gameName', label: 'Game', kind: 'text' },
      { key: 'vassalage', label: 'Vendor code', kind: 'text' },
      { ...GAME_TYPE_COLUMN, label: 'Type' },
      ...GAME_FIGURES,
    ],
    series: [],
  },
];

export const REPORTS: ReportDefinition[] = [
  {
    id: 'player-activity',
    title: 'Daily registrations, sign-ins and active players',
    path: '/bo/reports/player-activity',
    columns: PLAYER_ACTIVITY_COLUMNS,
    series: seriesOf(PLAYER_ACTIVITY_COLUMNS, {
      registrations: CHART_COLORS.indigo,
      logins: CHART_COLORS.green,
      activePlayers: CHART_COLORS.amber,
    }),
  },
  {
    id: 'money',
    title: 'Money: deposits, withdrawals, GGR and NGR by day',
    path: '/bo/reports/money',
    columns: MONEY_COLUMNS,
    series: seriesOf(MONEY_COLUMNS, {
      depositAmount: CHART_COLORS.green,
      withdrawalAmount: CHART_COLORS.red,
      netDeposits: CHART_COLORS.indigo,
      ngr: CHART_COLORS.amber,
    }),
    help: NGR_HELP,
  },
  ...GAME_REPORTS,
  {
    id: 'overdue-vendor-rounds',
    title: 'Vendor rounds without a credit',
    path: '/bo/reports/overdue-vendor-rounds',
    columns: [
      { key: 'day', label: 'Opened on', kind: 'text' },
      MERCHANT_COLUMN,
      { key: 'openedAt', label: 'Opened at (UTC)', kind: 'text' },
      { key: 'vendorName', label: 'Vendor', kind: 'text' },
      { key: 'vendorRoundId', label: 'Vendor round', kind: 'text' },
      { key: 'gameCode', label: 'Game code', kind: 'text' },
      { key: 'account', label: 'Player', kind: 'text' },
      { key: 'stake', label: 'Stake', kind: 'money' },
      { key: 'hoursOpen', label: 'Hours open', kind: 'count' },
    ],
    series: [],
    help: "Vendors' rounds opened on these days that took a stake and still have no credit after the merchant's hours (24 unless the merchant's setting vendorRounds.overdueHours says otherwise), the oldest first, at most 500. Ask the vendor to settle, roll back or void them.",
  },
];

export type DayTotals = { day: string } & Record<string, number>;
