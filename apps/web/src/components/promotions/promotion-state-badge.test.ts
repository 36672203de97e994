import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import { hasBadge, stateTones, stateWordsKeyOf } from './promotion-state-badge';

const states = Object.keys(stateTones) as (keyof typeof stateTones)[];

describe('a promotion state’s badge', () => {
  it('shows a badge for every state but NONE', () => {
    expect(states.filter((state) => !hasBadge(state))).toEqual(['NONE']);
  });

  it('words every state in both languages, each differently', () => {
    for (const locale of [en, ty]) {
      const words = states.map((state) => locale.promotions.state[state]);
      expect(new Set(words).size).toBe(states.length);
    }
  });

  it('words a raffle’s CLAIM as a prize won, apart from a bonus to claim, and its other states as every kind', () => {
    expect(stateWordsKeyOf('CLAIM', 'raffle')).toBe('promotions.raffle.stateClaim');
    expect(stateWordsKeyOf('CLAIM', 'newbie_bonus')).toBe('promotions.state.CLAIM');
    expect(stateWordsKeyOf('JOINED', 'raffle')).toBe('promotions.state.JOINED');
    for (const locale of [en, ty]) {
      expect(locale.promotions.raffle.stateClaim).not.toBe(locale.promotions.state.CLAIM);
    }
  });
});
