import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../db/schema.ts';
import { planRoundChange } from '../modules/game/imported-bets.ts';
import {
  ensureFeed,
  type FeedVendor,
  findFeedVendors,
  findImportedRounds,
  findMerchantMemberIds,
  findVendorGameIds,
  insertImportedRounds,
  lockFeed,
  saveFeedFailure,
  saveFeedPage,
  updateImportedRound,
} from '../modules/game/transfer-bet-feed.repository.ts';
import type { FeedBet, TransferVendorClient } from '../modules/game/transfer-vendor-client.ts';
import { present } from '../platform/errors/invariant.ts';
import { defineScheduledJob, type JobDefinition } from '../platform/jobs/job-runner.ts';

/**
 * The bets of transfer-wallet vendors, brought into the bet record (game_rounds) from each vendor's
 * feed (protocol: modules/game/transfer-vendor-client.ts, `fetchBets`). Every minute the job goes
 * through the vendors in turn; for each it asks for the page after its stored cursor and writes
 * the page's bets and the cursor after it in one transaction, with the vendor's feed row locked,
 * then asks for the next page while the vendor says more wait (at most PAGES_PER_RUN_MAX pages a
 * run; the rest waits for the next minute, and reports say the figures are still being imported).
 *
 * - **Once.** A page is written only if the feed's cursor is still the one it was asked with: of
 *   two processes pulling the same page, the second finds the cursor moved and writes nothing. A
 *   bet is keyed by (vendor, the vendor's bet id), the round's unique key, and a version that says
 *   nothing new writes nothing (modules/game/imported-bets.ts).
 * - **No money moves.** The money moved when the member transferred it to the vendor; the bets
 *   only describe play. Loss limits keep counting the net amount moved to these vendors and leave
 *   their bets out (wallet/bet-record.repository.ts), so that nothing is counted twice.
 * - **Skipped, never stuck.** A bet for an account that is not one of the vendor's merchant's
 *   members, a game the vendor's catalogue does not hold, another currency or a change its state
 *   cannot take (a void bet settled again) is counted in the feed's `skipped_count` and left out;
 *   the rest of the page is written. A page that is not well-formed is not written at all: the
 *   failure is kept on the feed and the cursor stays.
 */
export const PAGES_PER_RUN_MAX = 20;
export const TRANSFER_BET_IMPORT_JOB_NAME = 'vendor-bets.import';

export type SkipReason = 'unknown_account' | 'unknown_game' | 'currency' | 'refused';

export type FeedImportResult = {
  vendorId: string;
  pages: number;
  imported: number;
  skipped: Record<SkipReason, number>;
  /** Why the latest pull failed, when it did. */
  failure: string | null;
  /** Another process took a page first and is carrying on with the feed. */
  yielded: boolean;
};

export type TransferBetImport = ReturnType<typeof createTransferBetImport>;

export function createTransferBetImport(deps: {
  db: Kysely<Database>;
  client: Pick<TransferVendorClient, 'fetchBets'>;
  now?: () => Date;
}) {
  const { db, client } = deps;
  const now = deps.now ?? (() => new Date());

  /** Writes one page's bets; answers how many were written and how many were skipped, by reason. */
  async function writeBets(
    trx: Transaction<Database>,
    vendor: FeedVendor,
    page: readonly FeedBet[],
  ): Promise<{ imported: number; skipped: Record<SkipReason, number> }> {
    const skipped: Record<SkipReason, number> = {
      unknown_account: 0,
      unknown_game: 0,
      currency: 0,
      refused: 0,
    };
    // A bet changed twice within a page: its latest version is its state.
    const latest = new Map<string, FeedBet>();
    for (const bet of page) {
      latest.delete(bet.betId);
      latest.set(bet.betId, bet);
    }
    const bets = [...latest.values()];
    const [members, games, recorded] = await Promise.all([
      findMerchantMemberIds(trx, vendor.merchant_id, [...new Set(bets.map((bet) => bet.account))]),
      findVendorGameIds(trx, vendor.id, [...new Set(bets.map((bet) => bet.gameCode))]),
      findImportedRounds(
        trx,
        vendor.id,
        bets.map((bet) => bet.betId),
      ),
    ]);
    const at = now();
    const inserts: Parameters<typeof insertImportedRounds>[1] = [];
    let imported = 0;
    for (const bet of bets) {
      const gameId = games.get(bet.gameCode);
      if (!members.has(bet.account)) skipped.unknown_account += 1;
      else if (gameId === undefined) skipped.unknown_game += 1;
      else if (bet.currency !== vendor.currency) skipped.currency += 1;
      else {
        const round = recorded.get(bet.betId);
        const change = planRoundChange(round, bet, { memberId: bet.account, gameId });
        if (change.kind === 'refused') skipped.refused += 1;
        else if (change.kind === 'update') {
          const { id } = present(round, 'an imported bet to update is recorded');
          await updateImportedRound(trx, id, change.changes, at);
          imported += 1;
        } else if (change.kind === 'insert') {
          inserts.push({
            id: uuidv7(),
            merchant_id: vendor.merchant_id,
            member_id: bet.account,
            game_id: gameId,
            vendor_id: vendor.id,
            vendor_round_id: bet.betId,
            currency: bet.currency,
            stake_minor: bet.stakeMinor,
            win_minor: bet.payoutMinor,
            status: bet.status,
            opened_at: bet.placedAt,
            settled_at: bet.settledAt,
            updated_at: at,
          });
          imported += 1;
        }
      }
    }
    await insertImportedRounds(trx, inserts);
    return { imported, skipped };
  }

  /** Pulls one vendor's feed from its cursor until the vendor has no more, or the run's pages are used. */
  async function importVendor(vendor: FeedVendor): Promise<FeedImportResult> {
    const result: FeedImportResult = {
      vendorId: vendor.id,
      pages: 0,
      imported: 0,
      skipped: { unknown_account: 0, unknown_game: 0, currency: 0, refused: 0 },
      failure: null,
      yielded: false,
    };
    let feed = await ensureFeed(db, vendor);
    while (result.pages < PAGES_PER_RUN_MAX) {
      const askedAt = now();
      const reply = await client.fetchBets(vendor, feed.cursor);
      if (reply.kind === 'failed') {
        await saveFeedFailure(db, vendor.id, reply.reason, askedAt);
        result.failure = reply.reason;
        return result;
      }
      const written = await db.transaction().execute(async (trx) => {
        const locked = await lockFeed(trx, vendor.id);
        if (locked.cursor !== feed.cursor) return null;
        const counts = await writeBets(trx, vendor, reply.bets);
        const skippedCount = Object.values(counts.skipped).reduce((total, count) => total + count, 0);
        await saveFeedPage(trx, vendor.id, {
          cursor: reply.next,
          hasMore: reply.hasMore,
          askedAt,
          imported: counts.imported,
          skipped: skippedCount,
        });
        return counts;
      });
      if (!written) {
        result.yielded = true;
        return result;
      }
      result.pages += 1;
      result.imported += written.imported;
      for (const reason of Object.keys(written.skipped) as SkipReason[])
        result.skipped[reason] += written.skipped[reason];
      if (!reply.hasMore) return result;
      feed = { ...feed, cursor: reply.next };
    }
    return result;
  }

  /** Every transfer vendor's feed, one vendor after the other; one vendor's failure stops no other. */
  async function importAll(): Promise<FeedImportResult[]> {
    const vendors = await findFeedVendors(db);
    const results: FeedImportResult[] = [];
    for (const vendor of vendors) results.push(await importVendor(vendor));
    return results;
  }

  return { importVendor, importAll };
}

/** Every minute: each transfer vendor's new and changed bets into the bet record. */
export function createTransferBetImportJob(deps: { betImport: TransferBetImport }): JobDefinition<object> {
  return defineScheduledJob({
    name: TRANSFER_BET_IMPORT_JOB_NAME,
    cron: '* * * * *',
    retry: { limit: 1, delaySeconds: 30, backoff: false },
    timeoutSeconds: 300,
    run: () => deps.betImport.importAll(),
  });
}
