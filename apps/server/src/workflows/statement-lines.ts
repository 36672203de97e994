import type { LocalizedText } from '../db/schema.ts';
import type { GameService } from '../modules/game/game.service.ts';
import type { ListTransfersInput, StatementLine, WalletService } from '../modules/wallet/wallet.service.ts';

export type StatementLinesDeps = { wallet: WalletService; games: GameService };

/** A statement line, with the names of the game its stake or win was played in (null for other lines). */
export type NamedStatementLine = StatementLine & { gameNames: LocalizedText | null };

/** The ledger codes of money moved by a game's round: their reference names the round. */
const ROUND_CODES: ReadonlySet<StatementLine['code']> = new Set(['bet', 'win', 'rollback']);

/**
 * A member's transaction history, page by page: the ledger's lines, each stake, win and rollback
 * named by the game its round was played in, so that the member can tell them apart.
 */
export async function listStatementLines(
  deps: StatementLinesDeps,
  input: ListTransfersInput,
): Promise<{ list: NamedStatementLine[]; totalPages: number; total: number }> {
  const page = await deps.wallet.listTransfers(input);
  const references = page.list.flatMap((line) =>
    ROUND_CODES.has(line.code) && line.reference ? [line.reference] : [],
  );
  const names = await deps.games.findRoundGameNames({
    merchantId: input.merchantId,
    memberId: input.memberId,
    references,
  });
  return {
    ...page,
    list: page.list.map((line) => ({
      ...line,
      gameNames: ROUND_CODES.has(line.code) && line.reference ? (names.get(line.reference) ?? null) : null,
    })),
  };
}
