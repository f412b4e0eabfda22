import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, readCookie, type CsrfTokens } from '../three-ds/csrf';
import { PAGE_TOKEN, sendPage } from './respond';
import { forbiddenPage, notFoundPage } from './three-ds.page';

/**
 * What every customer form post passes first: a well-formed page token (else 404) and the
 * CSRF cookie and field that belong to it (else 403). Returns the form, or null once the
 * refusal page has been sent.
 */
export function acceptForm(token: string, body: unknown, request: FastifyRequest, reply: FastifyReply, csrf: CsrfTokens): Record<string, unknown> | null {
  if (!PAGE_TOKEN.test(token)) {
    sendPage(reply, 404, notFoundPage());
    return null;
  }
  const form = (body ?? {}) as Record<string, unknown>;
  if (!csrf.verify(readCookie(request.headers.cookie, CSRF_COOKIE), token, form.csrf)) {
    sendPage(reply, 403, forbiddenPage());
    return null;
  }
  return form;
}
