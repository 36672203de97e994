import { describe, expect, it } from 'vitest';
import { stateTones } from '../../components/promotions/promotion-state-badge';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import type { PromotionKind, PromotionReason, PromotionState } from './api/promotions';
import { actionOf, standingLinesOf } from './promotion-states';

const states = Object.keys(stateTones) as PromotionState[];
const member = { isMember: true };
const visitor = { isMember: false };

describe('what a member may do in each state', () => {
  it('offers joining, claiming and applying in the states that invite them', () => {
    expect(actionOf('JOIN', member)).toEqual({ kind: 'join' });
    expect(actionOf('CLAIM', member)).toEqual({ kind: 'claim' });
    expect(actionOf('APPLY', member)).toEqual({ kind: 'apply', isAgain: false });
  });

  it('lets an application be sent again only where the server says it may be', () => {
    const again = { isMember: true, mayApplyAgain: true };
    expect(actionOf('REJECTED', again)).toEqual({ kind: 'apply', isAgain: true });
    // A promotion that grants more than once takes another application after a grant.
    expect(actionOf('ISSUED', again)).toEqual({ kind: 'apply', isAgain: true });
    expect(actionOf('PROCESS', again)).toEqual({ kind: 'apply', isAgain: true });
    expect(actionOf('REJECTED', { isMember: true, mayApplyAgain: false })).toEqual({ kind: 'none' });
    expect(actionOf('ISSUED', { isMember: true, mayApplyAgain: false })).toEqual({ kind: 'none' });
    // A card of the list does not know, and leads to the details.
    expect(actionOf('REJECTED', member)).toEqual({ kind: 'none' });
  });

  it('offers nothing where the member has taken part, must wait, or cannot', () => {
    for (const state of [
      'COMING_SOON',
      'CLOSE',
      'JOINED',
      'CLAIMED',
      'APPLYING',
      'ISSUED',
      'PROCESS',
      'NONE',
    ] as const) {
      expect(actionOf(state, member)).toEqual({ kind: 'none' });
    }
  });

  it('reads a raffle’s CLAIM as a prize to claim in its details, and a raffle’s JOIN as joining', () => {
    expect(actionOf('CLAIM', { isMember: true, kind: 'raffle' })).toEqual({ kind: 'claimPrize' });
    expect(actionOf('CLAIM', { isMember: true, kind: 'newbie_bonus' })).toEqual({ kind: 'claim' });
    expect(actionOf('CLAIM', { isMember: true, kind: 'app_download' })).toEqual({ kind: 'claim' });
    expect(actionOf('CLAIM', { isMember: false, kind: 'app_download' })).toEqual({
      kind: 'login',
      offer: 'claim',
    });
    expect(actionOf('NONE', { isMember: true, kind: 'app_download' })).toEqual({ kind: 'none' });
    expect(actionOf('JOIN', { isMember: true, kind: 'raffle' })).toEqual({ kind: 'join' });
    expect(actionOf('JOIN', { isMember: false, kind: 'raffle' })).toEqual({ kind: 'login', offer: 'join' });
    expect(actionOf('CLAIM', { isMember: false, kind: 'raffle' })).toEqual({ kind: 'none' });
    for (const state of ['JOINED', 'PROCESS', 'ISSUED', 'CLOSE'] as const) {
      expect(actionOf(state, { isMember: true, kind: 'raffle' })).toEqual({ kind: 'none' });
    }
  });

  it('asks a visitor to log in for every offer, and offers a visitor nothing else', () => {
    expect(actionOf('JOIN', visitor)).toEqual({ kind: 'login', offer: 'join' });
    expect(actionOf('CLAIM', visitor)).toEqual({ kind: 'login', offer: 'claim' });
    expect(actionOf('APPLY', visitor)).toEqual({ kind: 'login', offer: 'apply' });
    for (const state of states.filter((each) => !['JOIN', 'CLAIM', 'APPLY'].includes(each))) {
      expect(actionOf(state, visitor)).toEqual({ kind: 'none' });
    }
  });
});

describe('how each state reads', () => {
  const linesOf = (
    state: PromotionState,
    kind: PromotionKind,
    reason: PromotionReason | null = null,
    bonusStatus: string | null = null,
  ) => standingLinesOf({ state, kind, reason, bonusStatus });

  it('tells a joined member what comes next by the kind of promotion', () => {
    expect(linesOf('JOINED', 'deposit_bonus')).toEqual(['promotions.stateLine.joinedDeposit']);
    expect(linesOf('JOINED', 'cashback')).toEqual(['promotions.stateLine.joinedCashback']);
  });

  it('tells a raffle’s member that tickets come as they play, and that a prize waits to be claimed', () => {
    expect(linesOf('JOINED', 'raffle')).toEqual(['promotions.stateLine.joinedRaffle']);
    expect(linesOf('CLAIM', 'raffle')).toEqual(['promotions.stateLine.prizeToClaim']);
    expect(linesOf('CLAIM', 'raffle', 'NOT_MARKETABLE')).toEqual([
      'promotions.stateLine.prizeToClaim',
      'promotions.reason.NOT_MARKETABLE',
    ]);
    expect(linesOf('PROCESS', 'raffle', null, 'active')).toEqual(['promotions.stateLine.bonusActive']);
    expect(linesOf('ISSUED', 'raffle')).toEqual(['promotions.stateLine.issued']);
  });

  it('tells apart a bonus in progress from one waiting for the current bonus to end', () => {
    expect(linesOf('PROCESS', 'newbie_bonus', null, 'active')).toEqual(['promotions.stateLine.bonusActive']);
    expect(linesOf('PROCESS', 'newbie_bonus', null, 'waiting')).toEqual([
      'promotions.stateLine.bonusWaiting',
    ]);
  });

  it('gives the reason a promotion is not for the member, and nothing for an information-only one', () => {
    expect(linesOf('NONE', 'deposit_bonus', 'AUDIENCE')).toEqual(['promotions.reason.AUDIENCE']);
    expect(linesOf('NONE', 'info')).toEqual([]);
  });

  it('asks for the installed app before an app-download bonus can be claimed', () => {
    expect(linesOf('NONE', 'app_download', 'APP_REQUIRED')).toEqual(['promotions.reason.APP_REQUIRED']);
    expect(linesOf('CLAIM', 'app_download')).toEqual([]);
    expect(linesOf('CLAIMED', 'app_download')).toEqual(['promotions.stateLine.claimed']);
  });

  it('adds the reason to the state’s line: a joined member who turned promotions off, a grant that will wait', () => {
    expect(linesOf('JOINED', 'cashback', 'NOT_MARKETABLE')).toEqual([
      'promotions.stateLine.joinedCashback',
      'promotions.reason.NOT_MARKETABLE',
    ]);
    expect(linesOf('CLAIM', 'newbie_bonus', 'BONUS_ACTIVE')).toEqual(['promotions.reason.BONUS_ACTIVE']);
  });

  it('leaves a visitor’s reason to the login button', () => {
    expect(linesOf('JOIN', 'deposit_bonus', 'LOGIN')).toEqual([]);
  });

  it('has words for every line it can name, in both languages', () => {
    const kinds = [
      'info',
      'deposit_bonus',
      'newbie_bonus',
      'application',
      'cashback',
      'raffle',
      'app_download',
    ] as const satisfies readonly PromotionKind[];
    const reasons = [
      null,
      'LOGIN',
      'AUDIENCE',
      'NOT_MARKETABLE',
      'BONUS_ACTIVE',
      'APP_REQUIRED',
    ] as const satisfies readonly (PromotionReason | null)[];
    const keys = new Set<string>();
    for (const state of states)
      for (const kind of kinds)
        for (const reason of reasons)
          for (const bonusStatus of [null, 'waiting', 'active']) {
            for (const key of standingLinesOf({ state, kind, reason, bonusStatus })) keys.add(key);
          }
    for (const locale of [en, ty]) {
      for (const key of keys) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        expect(typeof value, key).toBe('string');
      }
    }
  });
});
