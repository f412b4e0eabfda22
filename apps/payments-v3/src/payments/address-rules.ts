import { isIP } from 'node:net';
import { LOOPBACK_HOSTS, dnsResolver, isPublicAddress, type Resolver } from '@platform/egress';
import { characterCount, isUnsafeText } from '@platform/contracts';

// Controls, and every Unicode space (\s: the no-break, ideographic and other spaces too).
const CONTROL_OR_SPACE = /[\u0000-\u001f\u007f-\u009f\s]/;

/**
 * The return address rules of the spec; returns the address with an international
 * host converted to ASCII, or the reason it is refused.
 */
export function checkReturnUrl(raw: string, environment: 'sandbox' | 'live'): { ok: true; url: string } | { ok: false; reason: string } {
  if (characterCount(raw) > 2048) return { ok: false, reason: 'return_url is longer than 2048 characters' };
  if (CONTROL_OR_SPACE.test(raw)) return { ok: false, reason: 'return_url contains spaces or control characters' };
  if (isUnsafeText(raw)) return { ok: false, reason: 'return_url contains unpaired surrogates' };
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
    return {
      ok: false,
      reason: environment === 'live' ? 'return_url must use https' : 'return_url must use https (http only on localhost, 127.0.0.1 or [::1])',
    };
  }
  return { ok: true, url: url.toString() };
}

/**
 * A webhook address must be HTTPS without user info, and its host must resolve to public
 * addresses only. With loopback allowed (tests), http://127.0.0.1, localhost and [::1] pass.
 */
export async function checkWebhookUrl(raw: string, allowLoopback: boolean, resolve: Resolver = dnsResolver): Promise<string | null> {
  if (characterCount(raw) > 500) return 'webhook_url is longer than 500 characters';
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
