import type { GameRoundStatus } from '../../db/schema.ts';
import type { ImportedRound } from './transfer-bet-feed.repository.ts';
import type { FeedBet } from './transfer-vendor-client.ts';

/**
 * How a bet from a transfer vendor's feed changes the bet record (docs/agents.md "Transfer-wallet
 * vendors' bets"). The feed gives each bet whole, again after every change; what it means for our
 * row follows the bet record's states:
 *
 * - a bet not yet recorded is written as it stands (open, settled or void);
 * - an open bet may take a new stake, settle or be voided;
 * - a settled bet whose stake or payout changed becomes `resettled` (its settlement day stays the
 *   first one); it may also be voided; it cannot open again;
 * - a void bet is closed: the feed's later versions of it are refused.
 *
 * A version that says nothing new changes nothing, so a page read twice writes nothing twice.
 */
export type RoundChange =
  | { kind: 'insert' }
  | { kind: 'same' }
  | {
      kind: 'update';
      changes: {
        status: GameRoundStatus;
        stake_minor: bigint;
        win_minor: bigint;
        settled_at?: Date | null;
        resettled_at?: Date;
      };
    }
  /** The bet names another member or game than the recorded one, or a change its state cannot take. */
  | { kind: 'refused' };

export function planRoundChange(
  recorded: ImportedRound | undefined,
  bet: FeedBet,
  bettor: { memberId: string; gameId: string },
): RoundChange {
  if (!recorded) return { kind: 'insert' };
  if (recorded.member_id !== bettor.memberId || recorded.game_id !== bettor.gameId)
    return { kind: 'refused' };
  const isSameMoney = recorded.stake_minor === bet.stakeMinor && recorded.win_minor === bet.payoutMinor;
  switch (recorded.status) {
    case 'void':
    case 'rolled_back':
      return bet.status === 'void' ? { kind: 'same' } : { kind: 'refused' };
    case 'open':
      if (bet.status === 'open') {
        return isSameMoney
          ? { kind: 'same' }
          : { kind: 'update', changes: { status: 'open', stake_minor: bet.stakeMinor, win_minor: 0n } };
      }
      return {
        kind: 'update',
        changes: {
          status: bet.status,
          stake_minor: bet.stakeMinor,
          win_minor: bet.payoutMinor,
          settled_at: bet.settledAt,
        },
      };
    case 'settled':
    case 'resettled':
      if (bet.status === 'open') return { kind: 'refused' };
      if (bet.status === 'void') {
        // As a seamless vendor's void: the bet stops counting, its figures stay as they were.
        return {
          kind: 'update',
          changes: { status: 'void', stake_minor: recorded.stake_minor, win_minor: recorded.win_minor },
        };
      }
      if (isSameMoney) return { kind: 'same' };
      return {
        kind: 'update',
        changes: {
          status: 'resettled',
          stake_minor: bet.stakeMinor,
          win_minor: bet.payoutMinor,
          resettled_at: bet.changedAt,
        },
      };
  }
}
