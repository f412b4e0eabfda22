import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, readCookie, type CsrfTokens } from '../three-ds/csrf';
import { PAGE_TOKEN, sendPage } from './respond';
import { forbiddenPage, notFoundPage } from './three-ds.page';

/**
 * What every customer form post passes first: a well-formed page token (else 404) and the
 * CSRF field that belongs to it, with its cookie or from our own origin (else 403). Returns
 * the form, or null once the refusal page has been sent.
 */
export function acceptForm(
  token: string,
  body: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  csrf: CsrfTokens,
  framable = false,
): Record<string, unknown> | null {
  if (!PAGE_TOKEN.test(token)) {
    sendPage(reply, 404, notFoundPage());
    return null;
  }
  const form = (body ?? {}) as Record<string, unknown>;
  const post = { cookieValue: readCookie(request.headers.cookie, CSRF_COOKIE), fetchSite: fetchSite(request) };
  if (!csrf.verify(post, token, form.csrf, framable)) {
    sendPage(reply, 403, forbiddenPage());
    return null;
  }
  return form;
}

const MAX_BANK_FIELDS = 32;

/**
 * What a live bank posts back after 3-D Secure. It comes from the bank's site, so it carries
 * no CSRF cookie of ours: the page token in the address names the attempt, and the processor
 * confirms the outcome with the acquirer, never trusting these fields alone. Only short string
 * fields are passed on. Null once the refusal page has been sent.
 */
export function acceptBankReturn(token: string, body: unknown, reply: FastifyReply): Record<string, string> | null {
  if (!PAGE_TOKEN.test(token)) {
    sendPage(reply, 404, notFoundPage());
    return null;
  }
  const fields = Object.entries((body ?? {}) as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0].length <= 64 && entry[1].length <= 4096,
  );
  if (fields.length === 0 || fields.length > MAX_BANK_FIELDS) {
    sendPage(reply, 422, forbiddenPage());
    return null;
  }
  return Object.fromEntries(fields);
}

/** What the browser says about where a request came from (Fetch Metadata); a page cannot set it. */
function fetchSite(request: FastifyRequest): string | undefined {
  const value = request.headers['sec-fetch-site'];
  return typeof value === 'string' ? value : undefined;
}
