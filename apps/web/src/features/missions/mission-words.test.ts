import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { claimRefusalKeyOf, formatTimeLeft } from './mission-words';

describe('mission words', () => {
  it('words a claim refused for a known reason, and leaves other failures to the server', () => {
    expect(
      claimRefusalKeyOf(
        new ApiError({ status: 409, code: 'CONFLICT', message: 'x', value: { reason: 'ALREADY_CLAIMED' } }),
      ),
    ).toBe('missions.reasons.ALREADY_CLAIMED');
    expect(
      claimRefusalKeyOf(
        new ApiError({ status: 403, code: 'FORBIDDEN', message: 'x', value: { reason: 'NOT_MARKETABLE' } }),
      ),
    ).toBe('missions.reasons.FORBIDDEN');
    expect(
      claimRefusalKeyOf(
        new ApiError({ status: 409, code: 'CONFLICT', message: 'x', value: { reason: 'SOMETHING_ELSE' } }),
      ),
    ).toBeNull();
    expect(claimRefusalKeyOf(new Error('network'))).toBeNull();
  });

  it('counts down in days, hours, minutes and seconds, and stops at zero', () => {
    const now = new Date('2026-11-25T04:00:00Z');
    expect(formatTimeLeft('2026-11-27T07:04:05Z', now, 'd')).toBe('2d 03:04:05');
    expect(formatTimeLeft('2026-11-25T04:00:09Z', now, 'd')).toBe('00:00:09');
    expect(formatTimeLeft('2026-11-25T03:00:00Z', now, 'd')).toBe('00:00:00');
  });
});
