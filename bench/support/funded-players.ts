// The players that the ledger and rounds benches fund and bet for. Both pgbench scripts pick a
// player by random(1, 1000), so the count must stay FUNDED_PLAYERS.

export const FUNDED_PLAYERS = 1_000;
export const FUNDED_CURRENCY = 'PHP';
/** Each player starts with ₱1,000,000.00, far more than the bets of a run can take. */
export const FUNDING_MINOR = 100_000_000n;
