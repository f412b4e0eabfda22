import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function isPublicAddress(candidate: string): boolean {
  // An IPv4-mapped IPv6 address is the IPv4 address it carries.
  const address = IPV4_MAPPED.exec(candidate)?.[1] ?? candidate;
  const version = isIP(address);
  if (version === 0) return false;
  return !NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The return address rules of the spec; returns the address with an international
 * host converted to ASCII, or the reason it is refused.
 */
export function checkReturnUrl(raw: string, environment: 'sandbox' | 'live'): { ok: true; url: string } | { ok: false; reason: string } {
  if (raw.length > 2048) return { ok: false, reason: 'return_url is longer than 2048 characters' };
  if (CONTROL_OR_SPACE.test(raw)) return { ok: false, reason: 'return_url contains spaces or control characters' };
  if (raw.includes('#')) return { ok: false, reason: 'return_url must not contain a fragment' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'return_url is not an absolute URL' };
  }
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?]*@/i.test(raw)) return { ok: false, reason: 'return_url must not contain user info' };
  const loopbackHttp = environment === 'sandbox' && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    return { ok: false, reason: environment === 'live' ? 'return_url must use https' : 'return_url must use https (http only on localhost, 127.0.0.1 or [::1])' };
  }
  return { ok: true, url: url.toString() };
}

export type Resolver = (host: string) => Promise<string[]>;

export const dnsResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * A webhook address must be HTTPS without user info, and its host must resolve to public
 * addresses only. With loopback allowed (tests), http://127.0.0.1, localhost and [::1] pass.
 */
export async function checkWebhookUrl(raw: string, allowLoopback: boolean, resolve: Resolver = dnsResolver): Promise<string | null> {
  if (raw.length > 500) return 'webhook_url is longer than 500 characters';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhook_url is not an absolute URL';
  }
  if (url.username || url.password) return 'webhook_url must not contain user info';
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'webhook_url must use https';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return 'webhook_url host does not resolve';
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) return 'webhook_url host must resolve to public addresses only';
  return null;
}
