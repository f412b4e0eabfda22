import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, one-time links, CSRF tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, so a copy of the table opens no session and no link. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * CSRF for the forms before a session exists (sign-in, links from mails): a random cookie
 * and a form field keyed from it. A page on another site has neither (SameSite=Strict).
 */
export class PreSessionCsrf {
  /** `context` keeps one app's fields from opening another's forms (`panel`, `console`). */
  constructor(
    private readonly key: Buffer,
    private readonly context: string,
  ) {}

  fieldFor(cookieValue: string): string {
    return createHmac('sha256', this.key).update(`${this.context}-pre-session:${cookieValue}`).digest('base64url');
  }

  verify(cookieValue: string | undefined, field: string | undefined): boolean {
    return !!cookieValue && !!field && sameText(this.fieldFor(cookieValue), field);
  }
}
