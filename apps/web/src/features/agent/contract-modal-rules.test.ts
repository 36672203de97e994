import { describe, expect, it } from 'vitest';
import { hasUnseenOffers, readSeenIds, rememberShown, SEEN_OFFERS_MAX } from './contract-modal-rules';

describe('the contract modal opens once per session unless new offers arrive', () => {
  it('opens for offers waiting for an answer that were not shown yet', () => {
    expect(hasUnseenOffers(['a'], [])).toBe(true);
    expect(hasUnseenOffers(['a', 'b'], ['a'])).toBe(true);
  });

  it('stays shut when every waiting offer was shown, or none waits', () => {
    expect(hasUnseenOffers(['a'], ['a', 'b'])).toBe(false);
    expect(hasUnseenOffers([], ['a'])).toBe(false);
    expect(hasUnseenOffers([], [])).toBe(false);
  });

  it('remembers what it showed, each id once, the newest kept when full', () => {
    expect(rememberShown(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    const many = Array.from({ length: SEEN_OFFERS_MAX }, (_, index) => `old${index}`);
    const kept = rememberShown(many, ['new']);
    expect(kept).toHaveLength(SEEN_OFFERS_MAX);
    expect(kept.at(-1)).toBe('new');
    expect(kept).not.toContain('old0');
  });

  it('reads what session storage kept, and nothing from anything else', () => {
    expect(readSeenIds(JSON.stringify(['a', 'b']))).toEqual(['a', 'b']);
    expect(readSeenIds(null)).toEqual([]);
    expect(readSeenIds('not json')).toEqual([]);
    expect(readSeenIds('{"a":1}')).toEqual([]);
    expect(readSeenIds('["a",2,null]')).toEqual(['a']);
  });
});
