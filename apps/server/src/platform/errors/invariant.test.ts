import { describe, expect, it } from 'vitest';
import { assertInvariant, InvariantError, present } from './invariant.ts';

describe('assertInvariant', () => {
  it('passes when the condition holds and throws an InvariantError with the message when not', () => {
    expect(() => assertInvariant(1 + 1 === 2, 'arithmetic')).not.toThrow();
    expect(() => assertInvariant(null, 'a round just recorded is missing')).toThrow(
      new InvariantError('a round just recorded is missing'),
    );
  });

  it('present returns a value that is there, zero and empty text included, and throws for null or undefined', () => {
    expect(present(0, 'zero')).toBe(0);
    expect(present('', 'empty')).toBe('');
    expect(() => present(undefined, 'a seed pair just made is missing')).toThrow(InvariantError);
    expect(() => present(null, 'a seed pair just made is missing')).toThrow(
      'a seed pair just made is missing',
    );
  });
});
