import { describe, expect, it } from 'vitest';
import { createDeviceId, readDeviceId } from './device-id';

describe('device id', () => {
  it('is 128 random bits the server accepts (22 base64url characters)', () => {
    const ids = new Set(Array.from({ length: 50 }, createDeviceId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('stays the same for the page, even where storage is unavailable', () => {
    const first = readDeviceId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readDeviceId()).toBe(first);
  });
});
