import type { PlayedRound } from '@panalo/games/verifier/verify-round.ts';
import { INHOUSE_VASSALAGE } from '../../db/in-house-games.ts';
import type { GameRoundStatus } from '../../db/schema.ts';
import { checkBonusStakeIn } from '../../modules/bonus/bonus-stake.ts';
import {
  capWin,
  type HouseGameCode,
  listActions,
  takeActionWithinLimits,
  viewProgress,
  type WireAction,
} from '../../modules/house-rounds/house-games.ts';
import type { HouseRoundRow } from '../../modules/house-rounds/house-rounds.service.ts';
import type { PartsOutcome } from '../../modules/wallet/wallet.service.ts';
import { AppError, isAppError } from '../../platform/errors/errors.ts';
import { assertInvariant, InvariantError, present } from '../../platform/errors/invariant.ts';
import {
  extraStakeKey,
  type HouseGameDeps,
  type RealTable,
  type RoundView,
  readJson,
  stakeKey,
  toWireJson,
  winKey,
} from './table.ts';

const CONTINUE_ATTEMPTS_MAX = 6;

export type RoundSteps = ReturnType<typeof createRoundSteps>;

/**
 * A round of ours after its bet: its money steps (the stake, a multi-step round's further stakes,
 * the win), each through the wallet and keyed by the round, and the moves of a multi-step round
 * (mines, blackjack). A retry with the same request id or a crash between steps never takes a
 * stake twice or loses a win: the request's retry, or the overdue-round job, finishes what was
 * started.
 */
export function createRoundSteps(deps: Pick<HouseGameDeps, 'houseRounds' | 'wallet' | 'responsibleGaming'>) {
  const { houseRounds, wallet, responsibleGaming } = deps;

  /**
   * A round as the client shows it. `known.serverSeed`: the revealed seed when the caller knows it
   * (null for a round just drawn from the active pair), else it is looked up.
   */
  async function viewOf(row: HouseRoundRow, known?: { serverSeed: string | null }): Promise<RoundView> {
    const progress = houseRounds.progressOf(row);
    const isOpen = row.phase === 'playing' && progress?.isOpen === true;
    const outcome =
      isOpen && progress ? viewProgress(progress) : row.outcome === null ? null : readJson(row.outcome);
    const played = readJson<PlayedRound>(row.played);
    const game = played.game as HouseGameCode;
    return {
      roundId: row.id,
      gameCode: game,
      status: houseRoundStatusOf(row.status),
      stakeMinor: BigInt(row.stake_minor),
      winMinor: BigInt(row.win_minor),
      balanceBeforeMinor: row.balance_before_minor === null ? null : BigInt(row.balance_before_minor),
      balanceAfterMinor: row.balance_after_minor === null ? null : BigInt(row.balance_after_minor),
      serverSeedHash: row.server_seed_hash ?? '',
      commitmentVersion: await houseRounds.commitmentVersionOf(row),
      clientSeed: row.client_seed ?? '',
      nonce: Number(row.nonce),
      serverSeed: known ? known.serverSeed : await houseRounds.revealedSeedOf(row),
      winCapMinor: row.win_cap_minor === null ? null : BigInt(row.win_cap_minor),
      outcome: toWireJson(outcome),
      played: toWireJson(played),
      actions: isOpen && progress ? listActions(progress) : [],
      openedAt: row.opened_at,
      settledAt: row.settled_at,
    };
  }

  async function reread(row: HouseRoundRow): Promise<HouseRoundRow> {
    return present(await houseRounds.findRoundById(row.id), 'house games: a round vanished');
  }

  /**
   * Takes a round through its remaining money steps from wherever it stands — staking (take the
   * stake, draw), paying (credit the win), or nothing left (answer it) — each step keyed so that
   * running it again changes nothing. Answers the round as it stands after.
   */
  async function continueRound(table: RealTable, start: HouseRoundRow): Promise<RoundView> {
    let row = start;
    for (let attempt = 0; attempt < CONTINUE_ATTEMPTS_MAX; attempt += 1) {
      if (row.phase === 'staking') {
        await takeStake(table, row);
      } else if (row.phase === 'paying') {
        await payWin(table, row);
      } else if (row.phase === 'refused') {
        throw new AppError('INSUFFICIENT_FUNDS');
      } else {
        return viewOf(row);
      }
      row = await reread(row);
    }
    throw new InvariantError('house games: a round did not settle in its steps');
  }

  /**
   * A stake of the round's through the wallet, cash first and then bonus money, the member's limits
   * and an active bonus's maximum stake checked in its own transaction. The maximum caps what the
   * round stakes in all (`roundStakeMinor`: a double or a split counts with the bet it adds to).
   * The round's first stake writes its bonus part on the round in that transaction too, so that the
   * round shows bonus money at stake from the moment it is taken; a further stake's part is written
   * with the round's new total stake.
   */
  function debitStake(
    table: RealTable,
    row: HouseRoundRow,
    stake: { key: string; amountMinor: bigint; roundStakeMinor: bigint; isFirst: boolean },
  ) {
    const { memberId } = table.player;
    const round = { vendorId: row.vendor_id, vendorRoundId: row.vendor_round_id };
    return wallet.stakeAfterCheck(
      {
        ...table.player,
        currency: row.currency,
        key: stake.key,
        reference: `${INHOUSE_VASSALAGE}:${row.id}`,
        amountMinor: stake.amountMinor,
      },
      async (trx) => {
        await responsibleGaming.checkBetAllowedIn(trx, table.player, stake.amountMinor);
        await checkBonusStakeIn(trx, memberId, stake.roundStakeMinor);
      },
      {
        checkIn: (trx) => checkBonusStakeIn(trx, memberId, stake.roundStakeMinor),
        ...(stake.isFirst
          ? {
              recordIn: async (trx, parts) => {
                if (parts.bonusMinor > 0n) await wallet.addRoundBonusStakeIn(trx, round, parts.bonusMinor);
              },
            }
          : {}),
      },
    );
  }

  async function takeStake(table: RealTable, row: HouseRoundRow): Promise<void> {
    const stakeMinor = BigInt(row.stake_minor);
    let stake: PartsOutcome;
    try {
      // The member's limits are checked in the stake's own transaction, under their play lock.
      stake = await debitStake(table, row, {
        key: stakeKey(row.id),
        amountMinor: stakeMinor,
        roundStakeMinor: stakeMinor,
        isFirst: true,
      });
    } catch (caught) {
      if (!isAppError(caught)) throw caught;
      if (caught.code === 'INSUFFICIENT_FUNDS' || caught.value?.reason === 'ROLLED_BACK') {
        await houseRounds.advance(row, { phase: 'refused', status: 'rolled_back' });
        throw new AppError('INSUFFICIENT_FUNDS', { value: caught.value ?? {} });
      }
      if (caught.code === 'LIMIT_REACHED' || caught.code === 'SELF_EXCLUDED') {
        // Refused by a limit that another bet reached meanwhile: the round never had its stake.
        await houseRounds.advance(row, { phase: 'refused', status: 'rolled_back' });
      }
      throw caught;
    }
    const progress = await houseRounds.drawRound(row);
    // The round's balances are the member's cash; its bonus part is recorded with it.
    const money = {
      bonusStakeMinor: stake.parts.bonusMinor,
      balanceBeforeMinor: stake.balanceMinor + stake.parts.cashMinor,
      balanceAfterMinor: stake.balanceMinor,
    };
    if (progress.isOpen) {
      await houseRounds.advance(row, { phase: 'playing', progress, ...money });
      return;
    }
    await houseRounds.advance(row, {
      phase: 'paying',
      progress,
      winMinor: capWin(progress.payoutMinor, table.limits),
      ...money,
    });
  }

  async function payWin(table: RealTable, row: HouseRoundRow): Promise<void> {
    const winMinor = BigInt(row.win_minor);
    const bonusStakeMinor = BigInt(row.bonus_stake_minor);
    let balanceAfterMinor = row.balance_after_minor === null ? null : BigInt(row.balance_after_minor);
    let bonusWinMinor = 0n;
    if (winMinor > 0n) {
      const move = {
        ...table.player,
        currency: row.currency,
        key: winKey(row.id),
        reference: `${INHOUSE_VASSALAGE}:${row.id}`,
        amountMinor: winMinor,
      };
      if (bonusStakeMinor > 0n) {
        // A stake partly of bonus money wins partly bonus money, in proportion.
        const credit = await wallet.creditWinByParts({
          ...move,
          stake: { cashMinor: BigInt(row.stake_minor) - bonusStakeMinor, bonusMinor: bonusStakeMinor },
        });
        balanceAfterMinor = credit.balanceMinor;
        bonusWinMinor = credit.parts.bonusMinor;
      } else {
        balanceAfterMinor = (await wallet.creditForWin(move)).balanceMinor;
      }
    }
    await houseRounds.advance(row, {
      phase: 'done',
      status: 'settled',
      bonusWinMinor,
      ...(balanceAfterMinor !== null ? { balanceAfterMinor } : {}),
    });
  }

  /** A stake taken back through the wallet (its refund keyed by `key`; nothing if it was never taken). */
  function refund(table: Pick<RealTable, 'player'>, row: HouseRoundRow, key: string, betKey: string) {
    return wallet.rollback({
      ...table.player,
      currency: row.currency,
      key,
      betKey,
      reference: `${INHOUSE_VASSALAGE}:${row.id}`,
    });
  }

  /** An action on the member's open round (a tile, a cash-out, hit, stand, double …). */
  async function takeAction(table: RealTable, roundId: string, action: WireAction): Promise<RoundView> {
    const row = await houseRounds.findRoundById(roundId);
    if (!row || row.member_id !== table.player.memberId || row.game_id !== table.game.id) {
      throw new AppError('NOT_FOUND');
    }
    if (row.phase !== 'playing') {
      if (row.phase === 'staking' || row.phase === 'paying') return continueRound(table, row);
      throw new AppError('CONFLICT', { value: { reason: 'ROUND_CLOSED' } });
    }
    const progress = present(houseRounds.progressOf(row), 'house games: a playing round without its state');
    const next = takeActionWithinLimits(progress, action, table.limits);
    const extraMinor = next.stakedMinor - progress.stakedMinor;
    let balanceAfterMinor = row.balance_after_minor === null ? undefined : BigInt(row.balance_after_minor);
    const key = extraStakeKey(row.id, row.action_count, action.type);
    let bonusStakeMinor = BigInt(row.bonus_stake_minor);
    if (extraMinor > 0n) {
      // A further stake (a double, a split, insurance) is paid as the first was: cash, then bonus.
      const extra = await debitStake(table, row, {
        key,
        amountMinor: extraMinor,
        roundStakeMinor: next.stakedMinor,
        isFirst: false,
      });
      balanceAfterMinor = extra.balanceMinor;
      bonusStakeMinor += extra.parts.bonusMinor;
    }
    const moved = await houseRounds.advance(row, {
      phase: next.isOpen ? 'playing' : 'paying',
      progress: next,
      stakeMinor: next.stakedMinor,
      bonusStakeMinor,
      actionCount: row.action_count + 1,
      ...(next.isOpen ? {} : { winMinor: capWin(next.payoutMinor, table.limits) }),
      ...(balanceAfterMinor !== undefined ? { balanceAfterMinor } : {}),
    });
    const fresh = await reread(row);
    if (!moved && extraMinor > 0n) {
      // Another request moved the round first. Its action at this index took this stake only if
      // it was the same action (the same key); otherwise this stake goes back.
      const won = readJson<PlayedRound>(fresh.played);
      const taken = 'actions' in won ? won.actions[row.action_count] : undefined;
      if (taken !== action.type) await refund(table, row, `${key}:refund`, key);
    }
    return continueRound(table, fresh);
  }

  return { viewOf, continueRound, takeAction, refund };
}

/** Our own games' rounds are never voided or adjusted afterwards: that is a vendor's ticket. */
function houseRoundStatusOf(status: GameRoundStatus): RoundView['status'] {
  assertInvariant(
    status === 'open' || status === 'settled' || status === 'rolled_back',
    'house games: a round of our own games is void or resettled',
  );
  return status;
}
