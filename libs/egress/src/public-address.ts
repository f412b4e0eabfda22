import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
// 2002::/16 (6to4) and 64:ff9b::/96, 64:ff9b:1::/48 (NAT64) embed IPv4 addresses a relay
// would reach; fec0::/10 is the deprecated site-local range. (::/96 is checked apart: Node's
// BlockList would match every IPv4 address against it.)
for (const [net, prefix] of [
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address written without an embedded IPv4 part, `::` expanded. */
export function ipv6Groups(ipv6: string): number[] {
  const [head = '', tail = ''] = ipv6.split('::');
  const headGroups = head.split(':').filter(Boolean);
  const tailGroups = tail.split(':').filter(Boolean);
  const written = ipv6.includes('::') ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return written.map((group) => parseInt(group, 16));
}

/** ::/96: the unspecified and loopback addresses and the deprecated IPv4-compatible ones (::7f00:1 is 127.0.0.1). */
function inZeroPrefix(ipv6: string): boolean {
  const groups = ipv6Groups(ipv6);
  return groups.length === 8 && groups.slice(0, 6).every((group) => group === 0);
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const IPV4_MAPPED_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** An IPv4-mapped IPv6 address, dotted or in hex, is the IPv4 address it carries; any other address is itself. */
export function unmapped(candidate: string): string {
  const dotted = IPV4_MAPPED.exec(candidate)?.[1];
  if (dotted) return dotted;
  const hex = IPV4_MAPPED_HEX.exec(candidate);
  if (!hex) return candidate;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Host names a test setup may open on the loopback interface (WEBHOOK_ALLOW_LOOPBACK). */
export const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** True for a routable public address; false for private, loopback, link-local, reserved, documentation and multicast ranges. */
export function isPublicAddress(candidate: string): boolean {
  const address = unmapped(candidate);
  const version = isIP(address);
  if (version === 0) return false;
  if (version === 6 && (address.includes('.') || inZeroPrefix(address))) return false;
  return !NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

export function isLoopbackAddress(candidate: string): boolean {
  const address = unmapped(candidate);
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}

/** Resolves a host name to every address it has (A and AAAA). */
export type Resolver = (host: string) => Promise<string[]>;

export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
