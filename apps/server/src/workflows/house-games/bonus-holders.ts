import type { Balances } from '../../modules/wallet/wallet.service.ts';
import type { HouseGameDeps, RealTable, RoundAnswer, RoundView } from './table.ts';

/** Bounds the per-process memory of who holds bonus money. */
const REMEMBERED_MEMBERS_MAX = 100_000;

export type BonusHolders = ReturnType<typeof createBonusHolders>;

/**
 * The member's balances as a bet's answer gives them, and whether a member held bonus money when
 * this process last read their balances (a table opened, a round played the full way). A one-step
 * round's statement stakes cash only and reads no bonus, so its answer reads the member's balances
 * afterwards only for a member who may hold some: a bonus converted to cash meanwhile moves both
 * balances, and the client must hear of both at once. Members without bonus money are not read
 * again; a member this process has not read yet is.
 */
export function createBonusHolders(deps: Pick<HouseGameDeps, 'wallet'>) {
  const holds = new Map<string, boolean>();

  /** What a read of the member's balances found in their bonus wallet. */
  function note(memberId: string, bonusMinor: bigint): void {
    if (holds.size >= REMEMBERED_MEMBERS_MAX && !holds.has(memberId)) holds.clear();
    holds.set(memberId, bonusMinor > 0n);
  }

  function mayHold(memberId: string): boolean {
    return holds.get(memberId) ?? true;
  }

  /** The member's cash and bonus in one read, noted. */
  async function readBalances(table: RealTable): Promise<Balances> {
    const balances = await deps.wallet.getBalances({ ...table.player, currency: table.currency });
    note(table.player.memberId, balances.bonusMinor);
    return balances;
  }

  /** A round answered with the member's cash and bonus as they are now. */
  async function answerWithBalances(table: RealTable, round: RoundView): Promise<RoundAnswer> {
    const { cashMinor, bonusMinor } = await readBalances(table);
    return { round, balanceMinor: cashMinor, bonusBalanceMinor: bonusMinor };
  }

  return { note, mayHold, readBalances, answerWithBalances };
}
