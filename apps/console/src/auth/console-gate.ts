import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors, roleMay, type OperatorCapability } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { LOGGER } from '@platform/service-kit';
import { PreSessionForms, escapeHtml, formOf, readCookie, redirect, sameText, sendHtml, setCookie } from '@platform/web-auth';
import { consolePage, publicPage, type Chrome } from '../pages/layout';
import { CONSOLE_KEY } from './console-key';
import { OperatorAuthService, type SignedIn } from './operator-auth.service';

export const SESSION_COOKIE = 'console_session';

/** What a finished change says on the page it returns to; fixed texts, so a link cannot make the console say anything else. */
const DONE: Record<string, string> = {
  approved: 'Approved.',
  sent: 'Marked as sent.',
  rejected: 'Rejected.',
  cancelled: 'Cancelled.',
  completed: 'Completed.',
  recorded: 'Recorded.',
  advanced: 'Moved on.',
  resolved: 'Resolved.',
  saved: 'Saved.',
  cleared: 'Maintenance ended.',
  replayed: 'Replayed.',
  created: 'Created.',
  revoked: 'Revoked: the key stops working now.',
  invited: 'Invited: the panel has mailed the link.',
};
export type Done = keyof typeof DONE;

export function doneNotice(query: unknown) {
  const done = (query as Record<string, unknown> | undefined)?.done;
  return typeof done === 'string' && DONE[done] ? { kind: 'success' as const, text: DONE[done] } : undefined;
}

const statusOf = (error: ApiError) => (error.code === Errors.RequestSchemaInvalid ? 422 : error.status);

/** The platform's refusal in its own words, with the fields it named, and the way back. */
function refusedPage(chrome: Chrome, error: ApiError, back: string): string {
  const fields = Object.entries((error.extras as { errors?: Record<string, string[]> }).errors ?? {})
    .map(([name, messages]) => `<li>${escapeHtml(name)}: ${escapeHtml(messages.join('; '))}</li>`)
    .join('');
  const title = error.status === 404 ? 'Not found' : 'Refused';
  return consolePage(
    chrome,
    title,
    `<div class="notice error" role="alert">${escapeHtml(error.message)}${fields ? `<ul>${fields}</ul>` : ''}</div><p><a href="${escapeHtml(back)}">Back</a></p>`,
  );
}

export function chromeOf(current: SignedIn, path: string): Chrome {
  return { csrf: current.session.csrf_token, email: current.operator.email, role: current.operator.role, path };
}

/** The door of every page: the session past its second factor, the form's CSRF token, and the role for a change. */
@Injectable()
export class ConsoleGate {
  private readonly preSession: PreSessionForms;

  constructor(
    private readonly auth: OperatorAuthService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONSOLE_KEY) key: Buffer,
  ) {
    this.preSession = new PreSessionForms(key, 'console');
  }

  /** A signed-in operator, or a redirect to the step they are at (undefined). */
  async signedIn(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    if (!current) return void redirect(reply, '/sign-in');
    if (current.session.stage === 'code') return void redirect(reply, '/sign-in/code');
    if (current.session.stage === 'enrol') return void redirect(reply, '/sign-in/enrol');
    return current;
  }

  /**
   * A signed-in page's work: every read is audited first, as the operator API audits its reads; a
   * record nobody knows is 404; a platform that does not answer is a calm 503. `back` is where a
   * refusal's link leads (the page itself by default).
   */
  async page(request: FastifyRequest, reply: FastifyReply, work: (current: SignedIn) => Promise<void>, back = request.url.split('?')[0]!): Promise<void> {
    const current = await this.signedIn(request, reply);
    if (!current) return;
    try {
      if (request.method === 'GET') await this.auth.audit(current, 'read', { path: request.url }, request.correlationId);
      await work(current);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) return this.unavailable(current, request, reply, error);
      sendHtml(reply, statusOf(error), refusedPage(chromeOf(current, back), error, back));
    }
  }

  /**
   * A change from a form: the session, its CSRF token and the role's capability first (a refusal
   * is audited and changes nothing), then the work; a refusal of the platform (a state conflict,
   * four eyes, a bad field) is shown with the platform's words, and success returns to `back`.
   */
  async change(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    may: OperatorCapability,
    back: string,
    work: (current: SignedIn, form: Record<string, string>) => Promise<Done>,
  ): Promise<void> {
    const current = await this.signedIn(request, reply);
    if (!current) return;
    const form = formOf(body);
    if (!form._csrf || !sameText(form._csrf, current.session.csrf_token)) {
      return sendHtml(
        reply,
        403,
        publicPage(
          'Form expired',
          '<p role="alert">This form has expired or did not come from the console. Open the page again and repeat.</p><p><a href="/">Overview</a></p>',
        ),
      );
    }
    if (!roleMay(current.operator.role, may)) {
      await this.auth.audit(current, 'refused.role', { path: request.url, role: current.operator.role, needs: may }, request.correlationId);
      return sendHtml(
        reply,
        403,
        consolePage(
          chromeOf(current, back),
          'Not allowed',
          `<p role="alert">The role ${escapeHtml(current.operator.role)} may not do this.</p><p><a href="${escapeHtml(back)}">Back</a></p>`,
        ),
      );
    }
    try {
      const done = await work(current, form);
      redirect(reply, `${back}${back.includes('?') ? '&' : '?'}done=${done}`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) return this.unavailable(current, request, reply, error);
      sendHtml(reply, statusOf(error), refusedPage(chromeOf(current, back), error, back));
    }
  }

  private unavailable(current: SignedIn, request: FastifyRequest, reply: FastifyReply, error: unknown): void {
    this.logger.error({ err: error }, 'console page failed');
    sendHtml(
      reply,
      503,
      consolePage(
        chromeOf(current, request.url),
        'Unavailable',
        '<p role="alert">The platform did not answer. Nothing was changed; try again in a moment.</p>',
      ),
    );
  }

  /** The pre-session CSRF field for a public form, setting its cookie when the browser has none. */
  preSessionField(request: FastifyRequest, reply: FastifyReply): string {
    return this.preSession.field(request, reply);
  }

  preSessionValid(request: FastifyRequest, form: Record<string, string>): boolean {
    return this.preSession.valid(request, form);
  }

  startSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
    setCookie(reply, request, SESSION_COOKIE, token);
  }
}
