import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest, verifyRequest } from './request-signature.ts';

const secret = 'shared-secret-of-some-length';
const body = '{"orderId":"abc","amount":"100.00"}';

describe('request signatures', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signRequest(secret, 1_700_000_000, body)).toBe(expected);
  });

  it('accepts a fresh, correct signature and refuses a changed body, a wrong secret or bad headers', () => {
    const signature = signRequest(secret, 1_700_000_000, body);
    const check = (overrides: Partial<Parameters<typeof verifyRequest>[0]>) =>
      verifyRequest({
        secret,
        timestamp: '1700000000',
        signature,
        rawBody: body,
        nowSeconds: 1_700_000_100,
        ...overrides,
      });
    expect(check({})).toBe('ok');
    expect(check({ rawBody: body.replace('100.00', '900.00') })).toBe('bad_signature');
    expect(check({ secret: 'another-secret' })).toBe('bad_signature');
    expect(check({ signature: undefined })).toBe('bad_signature');
    expect(check({ signature: 'zz' })).toBe('bad_signature');
    expect(check({ timestamp: 'soon' })).toBe('bad_signature');
  });

  it('refuses a timestamp more than 300 s away, either side', () => {
    const at = (timestamp: number, now: number) =>
      verifyRequest({
        secret,
        timestamp: String(timestamp),
        signature: signRequest(secret, timestamp, body),
        rawBody: body,
        nowSeconds: now,
      });
    expect(at(1_000_000, 1_000_300)).toBe('ok');
    expect(at(1_000_000, 1_000_301)).toBe('stale');
    expect(at(1_000_301, 1_000_000)).toBe('stale');
  });
});
