import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameErrorCode } from '@panalo/games/game-error.ts';
import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '../../modules/operator/operator-accounts.ts';
import { translateValidationValue } from '../http/envelope.ts';
import { SUPPORTED_LANGUAGES } from './language.ts';
import { isFieldReason, translateReason } from './messages.ts';

const SOURCE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => join(SOURCE_ROOT, path));
}

// The shapes in which the server names a field's problem by hand: `fields: { name: 'token' }`
// (also with a quoted or computed key), `fields.name = 'token'` / `fields[key] = 'token'`, and the
// house games' `invalid(field, 'token')`.
const THROW_SITE_PATTERNS = [
  /fields: \{ (?:[\w$]+|'[^']+'|\[[^\]]+\]): '([^']+)' \}/g,
  /fields(?:\.[\w$]+|\[[^\]]+\]) \??\?= '([^']+)'/g,
  /\binvalid\([^,()]+, '([^']+)'\)/g,
];

/** Every literal message of a hand-thrown VALIDATION field in the server's source. */
function literalFieldMessages(): Set<string> {
  const found = new Set<string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of THROW_SITE_PATTERNS) {
      for (const match of text.matchAll(pattern)) if (match[1]) found.add(match[1]);
    }
  }
  return found;
}

// Tokens computed rather than written at the throw site. A raffle's ticket ids (INVALID_TICKET) are
// the server's own, never a player's input, so that code is never a field's reason.
const GAME_ERROR_CODES: Record<Exclude<GameErrorCode, 'INVALID_ACTION' | 'INVALID_TICKET'>, true> = {
  INVALID_BET: true,
  INVALID_CLIENT_SEED: true,
  INVALID_SERVER_SEED: true,
  INVALID_NONCE: true,
};
const COMPUTED_TOKENS = [
  // house-games.ts: an engine's refusal names the bet by its code (INVALID_ACTION answers CONFLICT).
  ...Object.keys(GAME_ERROR_CODES),
  // house-games.ts: invalid(field) without a reason.
  'invalid',
  // image-store.ts: a file that is no image, or one that cannot be decoded.
  'notAnImage',
  'unreadableImage',
  // operator.service.ts: an operator's new password too short or long, or without a letter and a digit.
  checkPasswordStrength('short1'),
  checkPasswordStrength('onlyletterslong'),
];

describe('the reasons of VALIDATION fields', () => {
  it('finds the throw sites it walks', () => {
    const messages = literalFieldMessages();
    expect(messages.size).toBeGreaterThan(20);
    for (const token of ['taken', 'amount', 'order', 'maxWin', 'one_side_main']) {
      expect(messages).toContain(token);
    }
  });

  it('has a message in every language for every token a throw site uses', () => {
    // A one-word message is a token; a phrase is an operator-facing text that passes through.
    const tokens = [...literalFieldMessages()].filter((message) => /^\w+$/.test(message));
    const unknown = [...tokens, ...COMPUTED_TOKENS].filter(
      (token) => token === null || !isFieldReason(token),
    );
    expect(unknown).toEqual([]);
    for (const token of [...tokens, ...COMPUTED_TOKENS]) {
      for (const language of SUPPORTED_LANGUAGES) {
        expect(translateReason(language, token ?? '')).toMatch(/\S/);
      }
      expect(translateReason('TY', token ?? '')).not.toBe(translateReason('EN', token ?? ''));
    }
  });

  it('answers undefined for text that is no token', () => {
    expect(translateReason('EN', 'This account name is already taken.')).toBeUndefined();
    expect(translateReason('EN', 'toString')).toBeUndefined();
    expect(translateReason('TY', '')).toBeUndefined();
  });
});

describe('the translation step of VALIDATION values', () => {
  it('translates tokens into the language and keeps them as reasons', () => {
    const value = { fields: { username: 'taken', amount: 'amount' }, maxWin: '100' };
    expect(translateValidationValue(value, 'TY')).toEqual({
      fields: { username: 'Ginagamit na ito.', amount: 'Maglagay ng halagang higit sa zero.' },
      reasons: { username: 'taken', amount: 'amount' },
      maxWin: '100',
    });
    expect(translateValidationValue(value, 'EN')).toMatchObject({
      fields: { username: 'This is already taken.' },
      reasons: { username: 'taken' },
    });
  });

  it('passes messages that are no token through, without a reason', () => {
    const mixed = { fields: { to: 'a range of 1 to 31 days', name: 'duplicate' } };
    expect(translateValidationValue(mixed, 'EN')).toEqual({
      fields: { to: 'a range of 1 to 31 days', name: 'This appears more than once.' },
      reasons: { name: 'duplicate' },
    });
    const translated = { fields: { mobileNo: 'Enter a valid mobile number.' } };
    expect(translateValidationValue(translated, 'EN')).toBe(translated);
    expect(translateValidationValue({ reason: 'x' }, 'EN')).toEqual({ reason: 'x' });
  });
});
