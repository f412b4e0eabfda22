import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
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
  type FieldErrors,
  type Notice,
} from '@platform/web-auth';
import { publicPage } from '../pages/layout';
import { ConsoleGate, SESSION_COOKIE } from './console-gate';
import { OperatorAuthService, type SignedIn, type SignInOutcome } from './operator-auth.service';

const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const PASSWORD_PROBLEMS = {
  too_short: 'must be at least 12 characters',
  too_long: 'must be at most 128 characters',
  too_simple: 'is too simple: use a longer phrase',
};
const codeField = (errors?: FieldErrors) =>
  field({ name: 'code', label: 'Code from your authenticator app', autocomplete: 'one-time-code', inputmode: 'numeric', required: true }, errors);

function signInPage(csrf: string, email = '', notice?: Notice): string {
  return publicPage(
    'Sign in to the console',
    `<form method="post" action="/sign-in" novalidate><input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">
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
  ) {}

  @Get('sign-in')
  signInForm(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    sendHtml(reply, 200, signInPage(this.gate.preSessionField(request, reply)));
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
    sendHtml(reply, outcome.kind === 'wrong' ? 401 : 429, signInPage(this.gate.preSessionField(request, reply), form.email ?? '', this.refusal(outcome)));
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
      return sendHtml(reply, 429, signInPage(this.gate.preSessionField(request, reply), current.operator.email, this.refusal(outcome)));
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

  private invalidLink(reply: FastifyReply): void {
    sendHtml(
      reply,
      404,
      publicPage('Link not valid', '<p role="alert">This set-up link was used, has expired or never existed. Ask an admin for a new one.</p>'),
    );
  }

  private expired(request: FastifyRequest, reply: FastifyReply): void {
    sendHtml(
      reply,
      403,
      signInPage(this.gate.preSessionField(request, reply), '', { kind: 'error', text: 'This form has expired or did not come from the console. Try again.' }),
    );
  }
}
