import ipaddr from 'ipaddr.js';

/** Bounds the key made of a text that is no address at all (it only comes from the socket). */
const UNPARSED_LENGTH_MAX = 64;

/**
 * What a per-address throttle counts as one client: an IPv4 address as itself (IPv4-mapped IPv6
 * included), an IPv6 address by its /64, since a single subscriber is handed a whole /64 and can
 * pick any address inside it.
 */
export function addressGroupOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.slice(0, UNPARSED_LENGTH_MAX);
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
