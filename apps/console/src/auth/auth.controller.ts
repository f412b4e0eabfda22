import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearCookie,
  escapeHtml,
  field,
  formOf,
  otpauthUri,
  passwordProblem,
  readCookie,
  redirect,
  sameText,
  sendHtml,
  setCookie,
  type FieldErrors,
  type Notice,
} from '@platform/web-auth';
import { publicPage } from '../pages/layout';
import { ConsoleGate, SESSION_COOKIE } from './console-gate';
import { OperatorAuthService, type SignedIn, type SignInOutcome } from './operator-auth.service';
import { SSO_COOKIE, SSO_MINUTES, SingleSignOn, type SingleSignOnOutcome } from './single-sign-on';

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const PASSWORD_PROBLEMS = {
  too_short: 'must be at least 12 characters',
  too_long: 'must be at most 128 characters',
  too_simple: 'is too simple: use a longer phrase',
};
const codeField = (errors?: FieldErrors) =>
  field({ name: 'code', label: 'Code from your authenticator app', autocomplete: 'one-time-code', inputmode: 'numeric', required: true }, errors);

const SSO_REFUSALS: Record<Exclude<SingleSignOnOutcome, { kind: 'signed_in' }>['reason'], string> = {
  cancelled: 'Signing in with your company account was cancelled.',
  not_verified: 'Signing in with your company account could not be completed. Start again.',
  no_email: 'Your company account has no verified e-mail address for the console.',
  unavailable: 'Your company sign-in cannot be reached now. Try again, or sign in with your console password.',
  no_role: 'Your company account has no console role. Ask your administrator for one.',
  mfa_required: 'Your company sign-in did not ask for a second factor. The console takes only sign-ins that did.',
  inactive: 'This operator is disabled or waits for a reset to be completed.',
  locked: 'Too many wrong codes: this operator is locked for now.',
  other_person: 'This e-mail address belongs to an operator who signs in another way.',
};

function signInPage(csrf: string, sso: boolean, email = '', notice?: Notice): string {
  const companySignIn = sso ? '<p><a class="button" href="/sign-in/sso">Sign in with your company account</a></p><p>Or with your console password:</p>' : '';
  return publicPage(
    'Sign in to the console',
    `${companySignIn}<form method="post" action="/sign-in" novalidate><input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">
${field({ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', value: email, required: true })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true })}<button type="submit">Sign in</button></form>`,
    notice,
  );
}

/** Sign-in: the password, then the code (or, the first time, enrolling the authenticator app); and set-up links. */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: OperatorAuthService,
    private readonly gate: ConsoleGate,
    private readonly sso: SingleSignOn,
  ) {}

  @Get('sign-in')
  signInForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    sendHtml(reply, 200, this.signInPage(request, reply));
  }

  @Post('sign-in')
  async signIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    if (!this.gate.preSessionValid(request, form)) return this.expired(request, reply);
    const outcome = await this.auth.signIn(form.email ?? '', form.password ?? '', request.ip, request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      return redirect(reply, outcome.stage === 'enrol' ? '/sign-in/enrol' : '/sign-in/code');
    }
    sendHtml(reply, outcome.kind === 'wrong' ? 401 : 429, this.signInPage(request, reply, form.email ?? '', this.refusal(outcome)));
  }

  /** Single sign-on: off to the company's OpenID Connect provider with a fresh state, nonce and PKCE verifier bound to this browser. */
  @Get('sign-in/sso')
  async singleSignOn(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.sso.enabled) return this.noSingleSignOn(reply);
    const started = await this.sso.start();
    if (!started) return sendHtml(reply, 503, this.signInPage(request, reply, '', { kind: 'error', text: SSO_REFUSALS.unavailable }));
    // Lax: the provider sends the browser back with a top-level navigation from its own site.
    setCookie(reply, request, SSO_COOKIE, started.binding, SSO_MINUTES * 60, 'Lax');
    redirect(reply, started.location);
  }

  @Get('sign-in/sso/callback')
  async singleSignOnCallback(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.sso.enabled) return this.noSingleSignOn(reply);
    const binding = readCookie(request, SSO_COOKIE);
    clearCookie(reply, request, SSO_COOKIE);
    const answer = formOf(query);
    const outcome = await this.sso.finish(answer, binding, request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      // This answer ends a navigation from the provider's site, which does not carry a strict
      // cookie onwards: the console is opened from here, a same-site request.
      return sendHtml(reply, 200, publicPage('Signed in', '<meta http-equiv="refresh" content="0;url=/"><p><a href="/">Continue to the console</a></p>'));
    }
    const status = outcome.reason === 'cancelled' || outcome.reason === 'not_verified' ? 400 : outcome.reason === 'unavailable' ? 503 : 403;
    sendHtml(reply, status, this.signInPage(request, reply, '', { kind: 'error', text: SSO_REFUSALS[outcome.reason] }));
  }

  @Get('sign-in/code')
  async codeForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.pending(request, reply, 'code');
    if (current) sendHtml(reply, 200, this.codePage(current));
  }

  @Post('sign-in/code')
  async code(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.pending(request, reply, 'code');
    if (!current) return;
    const form = formOf(body);
    if (!form._csrf || !sameText(form._csrf, current.session.csrf_token)) return this.expired(request, reply);
    const outcome = await this.auth.secondFactor(current, form.code ?? '', request.ip, request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      return redirect(reply, '/');
    }
    if (outcome.kind === 'locked') {
      clearCookie(reply, request, SESSION_COOKIE);
      return sendHtml(reply, 429, this.signInPage(request, reply, current.operator.email, this.refusal(outcome)));
    }
    sendHtml(reply, outcome.kind === 'wrong' ? 401 : 429, this.codePage(current, this.refusal(outcome)));
  }

  @Get('sign-in/enrol')
  async enrolForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.pending(request, reply, 'enrol');
    if (!current) return;
    const secret = this.auth.pendingTotp(current) ?? (await this.auth.startEnrolment(current));
    sendHtml(reply, 200, this.enrolPage(current, secret));
  }

  @Post('sign-in/enrol')
  async enrol(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.pending(request, reply, 'enrol');
    if (!current) return;
    const form = formOf(body);
    if (!form._csrf || !sameText(form._csrf, current.session.csrf_token)) return this.expired(request, reply);
    const outcome = await this.auth.confirmEnrolment(current, form.code ?? '', request.correlationId);
    if (outcome.kind === 'signed_in') {
      this.gate.startSession(request, reply, outcome.token);
      return redirect(reply, '/');
    }
    const secret = this.auth.pendingTotp(current) ?? (await this.auth.startEnrolment(current));
    sendHtml(reply, 401, this.enrolPage(current, secret, { code: ['is not the current code of this key'] }));
  }

  @Post('sign-out')
  async signOut(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    const form = formOf(body);
    if (current && form._csrf && sameText(form._csrf, current.session.csrf_token)) await this.auth.signOut(current, request.correlationId);
    clearCookie(reply, request, SESSION_COOKIE);
    redirect(reply, '/sign-in');
  }

  @Get('setup/:token')
  async setupForm(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const operator = LINK_TOKEN.test(token) ? await this.auth.linkOperator(token) : undefined;
    if (!operator || operator.status === 'disabled') return this.invalidLink(reply);
    sendHtml(reply, 200, this.setupPage(token, operator.email, this.gate.preSessionField(request, reply)));
  }

  @Post('setup/:token')
  async setup(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    if (!this.gate.preSessionValid(request, form)) return this.expired(request, reply);
    const operator = LINK_TOKEN.test(token) ? await this.auth.linkOperator(token) : undefined;
    if (!operator) return this.invalidLink(reply);
    const password = form.password ?? '';
    const problem = passwordProblem(password);
    const errors: FieldErrors | undefined = problem
      ? { password: [PASSWORD_PROBLEMS[problem]] }
      : password !== form.password_repeat
        ? { password_repeat: ['is not the same password'] }
        : undefined;
    if (errors) return sendHtml(reply, 422, this.setupPage(token, operator.email, this.gate.preSessionField(request, reply), errors));
    if (!(await this.auth.setPasswordByLink(token, password, request.correlationId))) return this.invalidLink(reply);
    clearCookie(reply, request, SESSION_COOKIE);
    sendHtml(
      reply,
      200,
      publicPage('Password set', '<p>Sign in now: you will add your authenticator app as the second step.</p><p><a href="/sign-in">Sign in</a></p>', {
        kind: 'success',
        text: 'Your password is set.',
      }),
    );
  }

  /** A session at the given step before signing in, or a redirect to where it belongs. */
  private async pending(request: FastifyRequest, reply: FastifyReply, stage: 'code' | 'enrol'): Promise<SignedIn | undefined> {
    const current = await this.auth.session(readCookie(request, SESSION_COOKIE));
    if (!current) return void redirect(reply, '/sign-in');
    if (current.session.stage !== stage) return void redirect(reply, current.session.stage === 'signed_in' ? '/' : `/sign-in/${current.session.stage}`);
    return current;
  }

  private codePage(current: SignedIn, notice?: Notice): string {
    return publicPage(
      'Second step',
      `<p>Enter the code your authenticator app shows for ${escapeHtml(current.operator.email)}.</p>
<form method="post" action="/sign-in/code" novalidate><input type="hidden" name="_csrf" value="${escapeHtml(current.session.csrf_token)}">${codeField()}<button type="submit">Continue</button></form>`,
      notice,
    );
  }

  private enrolPage(current: SignedIn, secret: string, errors?: FieldErrors): string {
    const uri = otpauthUri(secret, current.operator.email, 'Card Platform console');
    return publicPage(
      'Add your authenticator app',
      `<p>Every operator signs in with a second factor. Add this key to your authenticator app, then enter the code it shows.</p>
<p>Key: <code class="secret" id="totp-secret">${escapeHtml(secret)}</code></p><p><a href="${escapeHtml(uri)}">${escapeHtml(uri)}</a></p>
<form method="post" action="/sign-in/enrol" novalidate><input type="hidden" name="_csrf" value="${escapeHtml(current.session.csrf_token)}">${codeField(errors)}<button type="submit">Confirm and sign in</button></form>`,
    );
  }

  private setupPage(token: string, email: string, csrf: string, errors?: FieldErrors): string {
    return publicPage(
      'Set your password',
      `<p>Choose the password of ${escapeHtml(email)} (at least 12 characters).</p>
<form method="post" action="/setup/${escapeHtml(token)}" novalidate><input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', required: true }, errors)}
${field({ name: 'password_repeat', label: 'The same password again', type: 'password', autocomplete: 'new-password', required: true }, errors)}<button type="submit">Set password</button></form>`,
    );
  }

  private refusal(outcome: Exclude<SignInOutcome, { kind: 'signed_in' }>): Notice {
    if (outcome.kind === 'wrong') return { kind: 'error', text: 'The e-mail, password or code is not right.' };
    if (outcome.kind === 'locked') return { kind: 'error', text: `Too many wrong attempts: the account is locked until ${minuteOf(outcome.until)}.` };
    return { kind: 'error', text: `Too many failed sign-ins from your address: try again after ${minuteOf(outcome.until)}.` };
  }

  private signInPage(request: FastifyRequest, reply: FastifyReply, email = '', notice?: Notice): string {
    return signInPage(this.gate.preSessionField(request, reply), this.sso.enabled, email, notice);
  }

  private noSingleSignOn(reply: FastifyReply): void {
    sendHtml(reply, 404, publicPage('Single sign-on is off', '<p role="alert">This console signs operators in with their e-mail, password and code.</p>'));
  }

  private invalidLink(reply: FastifyReply): void {
    sendHtml(
      reply,
      404,
      publicPage('Link not valid', '<p role="alert">This set-up link was used, has expired or never existed. Ask an admin for a new one.</p>'),
    );
  }

  private expired(request: FastifyRequest, reply: FastifyReply): void {
    sendHtml(reply, 403, this.signInPage(request, reply, '', { kind: 'error', text: 'This form has expired or did not come from the console. Try again.' }));
  }
}
