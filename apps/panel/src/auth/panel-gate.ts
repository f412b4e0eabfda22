import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PanelRole } from '@platform/contracts';
import { languageOf, t } from '../i18n/messages';
import { escapeHtml, publicPage } from '../pages/html';
import { readCookie, redirect, sendHtml, setCookie, PreSessionForms, sameText } from '@platform/web-auth';
import type { Language } from '../users/user.repository';
import { AuthService, type SignedIn } from './auth.service';
import { PANEL_KEY } from './panel-key';

export const SESSION_COOKIE = 'panel_session';
const LANGUAGE_COOKIE = 'panel_lang';

/** What a role may change: keys and settings, users, or operations (refunds, withdrawals, evidence, webhook retries). */
export type Capability = 'integration' | 'users' | 'operations';

/** Who may change what: a viewer reads everything and changes nothing. */
const CHANGES: Record<PanelRole, ReadonlySet<Capability>> = {
  owner: new Set(['integration', 'users', 'operations']),
  developer: new Set(['integration', 'operations']),
  viewer: new Set(),
};

export function mayChange(role: PanelRole, what: Capability): boolean {
  return CHANGES[role].has(what);
}

/** The door of every page: the session, its second factor, the form's CSRF token and the role. */
@Injectable()
export class PanelGate {
  private readonly preSession: PreSessionForms;

  constructor(
    private readonly auth: AuthService,
    @Inject(PANEL_KEY) panelKey: Buffer,
  ) {
    this.preSession = new PreSessionForms(panelKey, 'panel');
  }

  /** A signed-in user past the second factor, or a redirect to sign-in (undefined). */
  async signedIn(request: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    if (!current) {
      redirect(reply, '/sign-in');
      return undefined;
    }
    if (!current.session.second_factor_passed) {
      redirect(reply, '/sign-in/code');
      return undefined;
    }
    return current;
  }

  /** For a POST: also its CSRF token; a missing or wrong one is refused (403) and changes nothing. */
  async signedInForm(request: FastifyRequest, reply: FastifyReply, form: Record<string, string>): Promise<SignedIn | undefined> {
    const current = await this.signedIn(request, reply);
    if (!current) return undefined;
    if (!form._csrf || !sameText(form._csrf, current.session.csrf_token)) {
      sendHtml(
        reply,
        403,
        publicPage(
          current.user.language,
          t(current.user.language, 'error.title'),
          `<p role="alert">${t(current.user.language, 'csrf')}</p><p><a href="/">${t(current.user.language, 'nav.overview')}</a></p>`,
        ),
      );
      return undefined;
    }
    return current;
  }

  /** A change the user's role (or environment) does not allow: audited, answered 403, nothing done. */
  async forbid(
    current: SignedIn,
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: { page: string; text: string; back: string; details?: object },
  ): Promise<void> {
    const l = current.user.language;
    await this.auth.audit(current, 'refused.role', { page: refusal.page, role: current.user.role, ...refusal.details }, request.correlationId);
    sendHtml(
      reply,
      403,
      publicPage(
        l,
        t(l, 'error.title'),
        `<p role="alert">${escapeHtml(refusal.text)}</p><p><a href="${escapeHtml(refusal.page)}">${escapeHtml(refusal.back)}</a></p>`,
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

  /** A public page's language: `?lang=` (remembered), the cookie, then the browser's preference. */
  publicLanguage(request: FastifyRequest, reply: FastifyReply): Language {
    const asked = languageOf((request.query as Record<string, unknown> | undefined)?.lang);
    if (asked) {
      setCookie(reply, request, LANGUAGE_COOKIE, asked, 365 * 86_400);
      return asked;
    }
    const kept = languageOf(readCookie(request, LANGUAGE_COOKIE));
    if (kept) return kept;
    return /^tr\b/i.test(request.headers['accept-language'] ?? '') ? 'tr' : 'en';
  }

  startSession(request: FastifyRequest, reply: FastifyReply, token: string): void {
    setCookie(reply, request, SESSION_COOKIE, token);
  }
}
