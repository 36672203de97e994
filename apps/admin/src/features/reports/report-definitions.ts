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

export type Column = { key: string; label: string; kind: 'text' | 'count' | 'money' };
export type Series = { key: string; label: string; color: string };

/**
 * A report of the framework: where its rows come from (a path and any fixed query), how they show
 * as a table, and the daily chart's lines (none for a report whose rows are not days).
 */
export type ReportDefinition = {
  id: string;
  title: string;
  path: '/bo/reports/games' | '/bo/reports/player-activity' | '/bo/reports/money';
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
const MERCHANT_COLUMN: Column = { key: 'merchantCode', label: 'Merchant', kind: 'text' };

/** The game report of settled rounds, grouped four ways; only the daily one draws a chart. */
const GAME_REPORTS: ReportDefinition[] = [
  {
    id: 'games-by-day',
    title: 'Games: bets, wins and GGR by day',
    path: '/bo/reports/games',
    query: { groupBy: 'day' },
    columns: [...DAY_COLUMNS, ...GAME_FIGURES],
    series: [
      { key: 'bets', label: 'Bets', color: 'var(--chart-1, #6366f1)' },
      { key: 'wins', label: 'Wins', color: 'var(--chart-4, #ef4444)' },
      { key: 'ggr', label: 'GGR', color: 'var(--chart-2, #10b981)' },
    ],
  },
  {
    id: 'games-by-type',
    help: GGR_ONLY_HELP,
    title: 'Games: by game type',
    path: '/bo/reports/games',
    query: { groupBy: 'gameType' },
    columns: [MERCHANT_COLUMN, { key: 'gameType', label: 'Game type', kind: 'text' }, ...GAME_FIGURES],
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
      { key: 'vassalage', label: 'Vendor code', kind: 'text' },
      { key: 'vendorName', label: 'Vendor', kind: 'text' },
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
      { key: 'vassalage', label: 'Vendor', kind: 'text' },
      { key: 'gameType', label: 'Type', kind: 'text' },
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
    columns: [
      ...DAY_COLUMNS,
      { key: 'registrations', label: 'Registrations', kind: 'count' },
      { key: 'logins', label: 'Sign-ins', kind: 'count' },
      { key: 'activePlayers', label: 'Active players', kind: 'count' },
    ],
    series: [
      { key: 'registrations', label: 'Registrations', color: 'var(--chart-1, #6366f1)' },
      { key: 'logins', label: 'Sign-ins', color: 'var(--chart-2, #10b981)' },
      { key: 'activePlayers', label: 'Active players', color: 'var(--chart-3, #f59e0b)' },
    ],
  },
  {
    id: 'money',
    title: 'Money: deposits, withdrawals, GGR and NGR by day',
    path: '/bo/reports/money',
    columns: [
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
    ],
    series: [
      { key: 'depositAmount', label: 'Deposited', color: 'var(--chart-2, #10b981)' },
      { key: 'withdrawalAmount', label: 'Withdrawn', color: 'var(--chart-4, #ef4444)' },
      { key: 'netDeposits', label: 'Net deposits', color: 'var(--chart-1, #6366f1)' },
      { key: 'ngr', label: 'NGR', color: 'var(--chart-3, #f59e0b)' },
    ],
    help: NGR_HELP,
  },
  ...GAME_REPORTS,
];

export type DayTotals = { day: string } & Record<string, number>;
