import { createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualHex } from '@platform/signing';

export const CSRF_COOKIE = 'cko_csrf';

/**
 * CSRF protection without server state, two ways (ADR 0044).
 *
 * A page shown on our own site: double submit, a random cookie (SameSite=Strict, HttpOnly)
 * and a form field that is the keyed hash of that cookie and the page's token. A forged form
 * from another site has neither.
 *
 * A page a merchant may frame: inside a cross-site frame a browser keeps no SameSite=Strict
 * cookie (and with third-party cookies blocked, no cookie at all), so the field is the keyed
 * hash of the page token alone and the post must say it came from our own origin
 * (`Sec-Fetch-Site: same-origin`), which a browser sets itself and no page can forge.
 */
export class CsrfTokens {
  constructor(private readonly key: Buffer) {}

  newCookieValue(): string {
    return randomBytes(24).toString('base64url');
  }

  fieldFor(cookieValue: string, pageToken: string): string {
    return this.hash(`${cookieValue}:${pageToken}`);
  }

  framedFieldFor(pageToken: string): string {
    return this.hash(`framed:${pageToken}`);
  }

  /** A form's field checked; the cookieless one only where the form may come from a frame (`framable`). */
  verify(post: { cookieValue: string | undefined; fetchSite: string | undefined }, pageToken: string, field: unknown, framable = false): boolean {
    if (typeof field !== 'string') return false;
    if (post.cookieValue && timingSafeEqualHex(this.fieldFor(post.cookieValue, pageToken), field)) return true;
    return framable && post.fetchSite === 'same-origin' && timingSafeEqualHex(this.framedFieldFor(pageToken), field);
  }

  private hash(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('hex');
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
