import { describe, expect, it } from 'vitest';
import { matchesAcceptedPattern, PATTERN_KINDS } from './register-patterns.ts';

describe('registration pattern kinds', () => {
  it('compiles every pattern as a plain JavaScript regular expression', () => {
    for (const kind of Object.values(PATTERN_KINDS)) {
      if (kind.pattern !== '*') expect(() => new RegExp(kind.pattern)).not.toThrow();
    }
  });

  it('accepts a username that starts with a letter and refuses one that starts with a digit', () => {
    expect(matchesAcceptedPattern('juan2024', PATTERN_KINDS[2].pattern)).toBe(true);
    expect(matchesAcceptedPattern('2024juan', PATTERN_KINDS[2].pattern)).toBe(false);
    expect(matchesAcceptedPattern('juan_2024', PATTERN_KINDS[2].pattern)).toBe(false);
  });

  it('lets a lone star accept anything', () => {
    expect(matchesAcceptedPattern('any thing ✓', '*')).toBe(true);
  });

  it('requires all four character classes for a strong password', () => {
    expect(matchesAcceptedPattern('Abcdef1!', PATTERN_KINDS[19].pattern)).toBe(true);
    expect(matchesAcceptedPattern('abcdef1!', PATTERN_KINDS[19].pattern)).toBe(false);
  });
});
