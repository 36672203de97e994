import { describe, expect, it } from 'vitest';
import { normalizeHost, readSwitches } from './merchant.service.ts';

describe('host names', () => {
  it('drops the port, the case and a trailing dot', () => {
    expect(normalizeHost('Panalo.Example:8443')).toBe('panalo.example');
    expect(normalizeHost('panalo.example.')).toBe('panalo.example');
  });

  it('handles IPv6 hosts with and without brackets', () => {
    expect(normalizeHost('[::1]:3000')).toBe('::1');
    expect(normalizeHost('::1')).toBe('::1');
  });

  it('treats a missing or absurdly long host as unknown', () => {
    expect(normalizeHost(undefined)).toBe('');
    expect(normalizeHost(`${'a'.repeat(300)}.example`)).toBe('');
  });
});

describe('whitelabel switches', () => {
  it('counts a switch as on only when every switch above it is on', () => {
    const tree = [
      {
        modId: 'REGISTRATION',
        enabled: false,
        children: [{ modId: 'MOBILENUMREG3', enabled: true, children: [] }],
      },
      { modId: 'VIP', enabled: true, children: [] },
    ];
    expect(readSwitches(tree, ['MOBILENUMREG3', 'VIP', 'REFERRAL'])).toEqual({
      MOBILENUMREG3: false,
      VIP: true,
      REFERRAL: false,
    });
  });
});
