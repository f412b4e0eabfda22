import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../i18n/messages';
import { messagePage, resetRequestPage, secondFactorPage, setPasswordPage, signInPage } from '../pages/auth.pages';
import { clearCookie, formOf, readCookie, redirect, sendHtml, passwordProblem, sameText } from '@platform/web-auth';
import type { Language } from '../users/user.repository';
import type { FieldErrors } from '../pages/html';
import { AuthService } from './auth.service';
import { PanelGate, SESSION_COOKIE } from './panel-gate';

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A time as the sign-in page shows it: to the minute, in UTC. */
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Sign-in with its second step, and the pages the invitation and reset mails link to. */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly gate: PanelGate,
  ) {}

  @Get('sign-in')
  signInForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const l = this.gate.publicLanguage(request, reply);
    sendHtml(reply, 200, signInPage(l, this.gate.preSessionField(request, reply)));
  }

  @Post('sign-in')
  async signIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const l = this.gate.publicLanguage(request, reply);
    const form = formOf(body);
    if (!this.gate.preSessionValid(request, form)) return this.expiredForm(request, reply, l);
    const outcome = await this.auth.signIn(form.email ?? '', form.password ?? '', request.ip, request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      return redirect(reply, outcome.secondFactor ? '/sign-in/code' : '/');
    }
    const text = outcome.kind === 'wrong' ? t(l, 'signIn.wrong') : t(l, `signIn.${outcome.kind}`, { until: minuteOf(outcome.until) });
    sendHtml(reply, outcome.kind === 'wrong' ? 401 : 429, signInPage(l, this.gate.preSessionField(request, reply), form.email ?? '', { kind: 'error', text }));
  }

  @Get('sign-in/code')
  async codeForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    if (!current) return redirect(reply, '/sign-in');
    if (current.session.second_factor_passed) return redirect(reply, '/');
    sendHtml(reply, 200, secondFactorPage(current.user.language, current.session.csrf_token));
  }

  @Post('sign-in/code')
  async code(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    if (!current) return redirect(reply, '/sign-in');
    const l = current.user.language;
    const form = formOf(body);
    if (!form._csrf || !sameText(form._csrf, current.session.csrf_token)) return this.expiredForm(request, reply, l);
    if (current.session.second_factor_passed) return redirect(reply, '/');
    const outcome = await this.auth.secondFactor(current, form.code ?? '', request.ip, request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      return redirect(reply, '/');
    }
    if (outcome.kind === 'locked') {
      clearCookie(reply, request, SESSION_COOKIE);
      return sendHtml(
        reply,
        429,
        signInPage(l, this.gate.preSessionField(request, reply), current.user.email, {
          kind: 'error',
          text: t(l, 'signIn.locked', { until: minuteOf(outcome.until) }),
        }),
      );
    }
    // The session keeps its first step: the code can be entered once the address may try again.
    if (outcome.kind === 'throttled')
      return sendHtml(
        reply,
        429,
        secondFactorPage(l, current.session.csrf_token, { kind: 'error', text: t(l, 'signIn.throttled', { until: minuteOf(outcome.until) }) }),
      );
    sendHtml(reply, 401, secondFactorPage(l, current.session.csrf_token, { kind: 'error', text: t(l, 'twoFactor.wrong') }));
  }

  @Get('invitation/:token')
  invitationForm(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.linkForm(token, 'invitation', request, reply);
  }

  @Post('invitation/:token')
  acceptInvitation(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.setPassword(token, 'invitation', body, request, reply);
  }

  @Get('password-reset')
  resetForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const l = this.gate.publicLanguage(request, reply);
    sendHtml(reply, 200, resetRequestPage(l, this.gate.preSessionField(request, reply)));
  }

  @Post('password-reset')
  async requestReset(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const l = this.gate.publicLanguage(request, reply);
    const form = formOf(body);
    if (!this.gate.preSessionValid(request, form)) return this.expiredForm(request, reply, l);
    this.auth.requestReset(form.email ?? '', request.correlationId);
    sendHtml(reply, 200, resetRequestPage(l, this.gate.preSessionField(request, reply), { kind: 'success', text: t(l, 'reset.sent') }));
  }

  @Get('password-reset/:token')
  resetPasswordForm(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.linkForm(token, 'password_reset', request, reply);
  }

  @Post('password-reset/:token')
  resetPassword(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.setPassword(token, 'password_reset', body, request, reply);
  }

  private async linkForm(token: string, purpose: 'invitation' | 'password_reset', request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const l = this.gate.publicLanguage(request, reply);
    const user = LINK_TOKEN.test(token) ? await this.auth.linkUser(token, purpose) : undefined;
    if (!user) return sendHtml(reply, 404, messagePage(l, t(l, 'error.title'), t(l, 'link.invalid')));
    sendHtml(reply, 200, setPasswordPage(l, this.linkPath(token, purpose), this.gate.preSessionField(request, reply), this.linkIntro(l, purpose, user)));
  }

  private async setPassword(
    token: string,
    purpose: 'invitation' | 'password_reset',
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const l = this.gate.publicLanguage(request, reply);
    const form = formOf(body);
    if (!this.gate.preSessionValid(request, form)) return this.expiredForm(request, reply, l);
    const user = LINK_TOKEN.test(token) ? await this.auth.linkUser(token, purpose) : undefined;
    if (!user) return sendHtml(reply, 404, messagePage(l, t(l, 'error.title'), t(l, 'link.invalid')));
    const password = form.password ?? '';
    const problem = passwordProblem(password);
    const errors: FieldErrors | undefined = problem
      ? { password: [t(l, `password.${problem}`)] }
      : password !== form.password_repeat
        ? { password_repeat: [t(l, 'password.mismatch')] }
        : undefined;
    if (errors) {
      return sendHtml(
        reply,
        422,
        setPasswordPage(l, this.linkPath(token, purpose), this.gate.preSessionField(request, reply), this.linkIntro(l, purpose, user), errors),
      );
    }
    if (!(await this.auth.setPasswordByLink(token, purpose, password, request.correlationId))) {
      return sendHtml(reply, 404, messagePage(l, t(l, 'error.title'), t(l, 'link.invalid')));
    }
    clearCookie(reply, request, SESSION_COOKIE);
    sendHtml(reply, 200, messagePage(l, t(l, 'signIn.title'), t(l, purpose === 'invitation' ? 'invite.done' : 'reset.done'), 'success'));
  }

  private linkPath(token: string, purpose: 'invitation' | 'password_reset'): string {
    return purpose === 'invitation' ? `/invitation/${token}` : `/password-reset/${token}`;
  }

  private linkIntro(l: Language, purpose: 'invitation' | 'password_reset', user: { merchant_code: string; role: 'owner' | 'developer' | 'viewer' }): string {
    return purpose === 'invitation' ? t(l, 'invite.intro', { merchant: user.merchant_code, role: t(l, `role.${user.role}`) }) : t(l, 'reset.intro');
  }

  private expiredForm(request: FastifyRequest, reply: FastifyReply, l: Language): void {
    sendHtml(reply, 403, signInPage(l, this.gate.preSessionField(request, reply), '', { kind: 'error', text: t(l, 'csrf') }));
  }
}
