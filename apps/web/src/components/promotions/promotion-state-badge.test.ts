import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/locales/en';
import { ty } from '../../lib/i18n/locales/ty';
import { hasBadge, stateTones } from './promotion-state-badge';

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
});
