import { describe, expect, it } from 'vitest';
import { GAME_TYPE_LABELS, labelOfCode, MEMBER_TYPE_LABELS, TRANSFER_CODE_LABELS } from './labels.ts';

describe('labelOfCode', () => {
  it('names the codes operators meet in the lists', () => {
    expect(labelOfCode(TRANSFER_CODE_LABELS, 'withdrawal_hold')).toBe('Withdrawal held');
    expect(labelOfCode(GAME_TYPE_LABELS, 'LIVE')).toBe('Live casino');
    expect(labelOfCode(MEMBER_TYPE_LABELS, 4)).toBe('Free play');
    expect(labelOfCode(MEMBER_TYPE_LABELS, 41)).toBe('Agent');
  });

  it('shows a code it does not know as it came, never hiding a new one, and a dash for none', () => {
    expect(labelOfCode(GAME_TYPE_LABELS, 'VR')).toBe('VR');
    expect(labelOfCode(TRANSFER_CODE_LABELS, null)).toBe('—');
    expect(labelOfCode(TRANSFER_CODE_LABELS, '')).toBe('—');
  });
});
