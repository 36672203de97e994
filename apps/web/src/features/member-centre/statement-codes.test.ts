import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import type { Transactions } from './api/statements';

type Code = Transactions['list'][number]['code'];

/** Every ledger code a statement line may carry, as the server's document lists them. */
const CODES = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'bonus',
  'bonus_convert',
  'bonus_forfeit',
  'cashback',
  'raffle_prize',
  'rebate',
  'vip_gift',
  'points_reward',
  'reward_prize',
  'red_envelope',
  'mission_reward',
  'leaderboard_prize',
  'referral_reward',
  'transfer',
  'vendor_transfer',
  'salary',
  'dividend',
  'adjustment',
] as const satisfies readonly Code[];

// A code the server adds fails the typecheck here until it is listed, and then this test until
// both languages name it.
type Unlisted = Exclude<Code, (typeof CODES)[number]>;
const isEveryCodeListed: [Unlisted] extends [never] ? true : Unlisted = true;

describe('statement lines', () => {
  it('name every ledger code in English and Tagalog, rather than showing the translation key', () => {
    expect(isEveryCodeListed).toBe(true);
    const unnamed = CODES.flatMap((code) => [
      ...(Object.hasOwn(en.statements.codes, code) ? [] : [`EN ${code}`]),
      ...(Object.hasOwn(ty.statements.codes, code) ? [] : [`TY ${code}`]),
    ]);
    expect(unnamed).toEqual([]);
  });
});
