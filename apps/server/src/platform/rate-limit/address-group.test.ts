import { describe, expect, it } from 'vitest';
import { addressGroupOf } from './address-group.ts';

describe('addressGroupOf', () => {
  it('counts an IPv4 address as itself, mapped or not', () => {
    expect(addressGroupOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroupOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses of one /64 together, whatever their spelling', () => {
    const group = addressGroupOf('2001:db8:1:2::1');
    expect(group).toBe('2001:db8:1:2::/64');
    expect(addressGroupOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(group);
    expect(addressGroupOf('2001:db8:1:3::1')).not.toBe(group);
  });

  it('keeps a text that is no address, bounded', () => {
    expect(addressGroupOf('unknown')).toBe('unknown');
    expect(addressGroupOf('x'.repeat(500))).toHaveLength(64);
  });
});
