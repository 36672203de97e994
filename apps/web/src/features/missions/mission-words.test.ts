import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { claimRefusalKeyOf } from './mission-words';

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
});
