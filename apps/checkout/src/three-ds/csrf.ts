import { createHmac, randomBytes } from 'node:crypto';
import { timingSafeEqualHex } from '@platform/signing';

export const CSRF_COOKIE = 'cko_csrf';

/**
 * Double-submit CSRF protection without server state: a random cookie (SameSite=Strict,
 * HttpOnly) and a form field that is the keyed hash of that cookie and the page's token.
 * A forged form from another site has neither.
 */
export class CsrfTokens {
  constructor(private readonly key: Buffer) {}

  newCookieValue(): string {
    return randomBytes(24).toString('base64url');
  }

  fieldFor(cookieValue: string, pageToken: string): string {
    return createHmac('sha256', this.key).update(`${cookieValue}:${pageToken}`).digest('hex');
  }

  verify(cookieValue: string | undefined, pageToken: string, field: unknown): boolean {
    if (!cookieValue || typeof field !== 'string') return false;
    return timingSafeEqualHex(this.fieldFor(cookieValue, pageToken), field);
  }
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
