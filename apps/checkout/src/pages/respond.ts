import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { CSRF_COOKIE } from '../three-ds/csrf';
import { maintenancePage, notFoundPage, tooManyAttemptsPage, unavailablePage } from './three-ds.page';

/** The unguessable order token in a customer page address. */
export const PAGE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * No `form-action`: it would also block the redirect to the merchant's return address
 * that follows the form (browsers apply it to redirects). Pages no cache may keep and no referrer may leak; no site may frame them unless the
 * merchant listed its origins for the hosted page.
 */
export function sendPage(reply: FastifyReply, status: number, html: string, frameOrigins: string[] = []): void {
  const ancestors = frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'";
  if (frameOrigins.length === 0) void reply.header('x-frame-options', 'DENY');
  void reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors ${ancestors}`)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * A live bank's 3-D Secure page, as the acquirer returned it: a form that the page's own
 * script posts to the bank. It runs its inline script and may post anywhere; it is still
 * never framed, cached or told where the customer came from.
 */
export function sendBankPage(reply: FastifyReply, html: string): void {
  void reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/** The whole page goes to the merchant's return address. */
export function sendRedirect(reply: FastifyReply, location: string): void {
  void reply.status(303).header('location', location).header('cache-control', 'no-store').send();
}

/** Secure whenever the customer's connection is TLS: direct, or terminated by a trusted proxy (X-Forwarded-Proto). */
export function setCsrfCookie(reply: FastifyReply, request: FastifyRequest, value: string): void {
  void reply.header('set-cookie', `${CSRF_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`);
}

/** An unknown link gets a clear page, maintenance says so; anything else a calm "try again shortly". */
export function sendFailurePage(reply: FastifyReply, error: unknown, logger: Logger): void {
  if (error instanceof ApiError && error.code === Errors.ResourceNotFound) return sendPage(reply, 404, notFoundPage());
  if (error instanceof ApiError && error.code === Errors.PlatformMaintenance) return sendPage(reply, 503, maintenancePage());
  logger.error({ err: error }, 'customer page failed');
  sendPage(reply, 503, unavailablePage());
}

/** Past the card attempts of the client's address: 429 with the wait, nothing sent on. */
export function sendTooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): void {
  void reply.header('retry-after', String(retryAfterSeconds));
  sendPage(reply, 429, tooManyAttemptsPage());
}
