import { Body, Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CONSOLE_EDITABLE_SETTINGS, Errors, PANEL_ROLES, type ConsoleSettings, type PanelRole } from '@platform/contracts';
import { LOGGER } from '@platform/service-kit';
import type { Logger } from '@platform/observability';
import { AuthService, type SignedIn } from '../auth/auth.service';
import { mayChange, PanelGate, SESSION_COOKIE } from '../auth/panel-gate';
import { otpauthUri, passwordProblem, clearCookie, formOf, readCookie, redirect, sendHtml } from '@platform/web-auth';
import { errorText, languageOf, t } from '../i18n/messages';
import type { Chrome, FieldErrors, Notice } from '../pages/html';
import { apiKeysPage, overviewPage, securityPage, settingsPage, usersPage, type SettingsForm } from '../pages/panel.pages';
import { MENU_PATHS, formFieldErrors } from '../pages/html';
import { UserRepository } from '../users/user.repository';
import { MerchantConsole } from './merchant-console';
import { answerSignedIn, chromeOf } from '../pages/signed-in-page';

const PAGES = new Set(MENU_PATHS);

function settingsForm(settings: ConsoleSettings): SettingsForm {
  return {
    ip_allowlist: settings.ip_allowlist.join('\n'),
    webhook_url: settings.webhook_url ?? '',
    success_return_url: settings.success_return_url ?? '',
    failure_return_url: settings.failure_return_url ?? '',
  };
}

/** The signed-in merchant user's pages, for the environment the session looks at. */
@Controller()
export class PanelController {
  constructor(
    private readonly gate: PanelGate,
    private readonly auth: AuthService,
    private readonly console: MerchantConsole,
    private readonly users: UserRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async overview(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const [view, balances] = await Promise.all([
        this.console.environment(current, request.correlationId),
        this.console.balances(current, request.correlationId),
      ]);
      sendHtml(reply, 200, overviewPage(this.chrome(current, view.merchant.name, '/'), view, balances));
    });
  }

  @Get('api-keys')
  async apiKeys(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, () => this.showKeys(current, request, reply, 200));
  }

  @Post('api-keys')
  async issueKey(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.changer(request, reply, body, 'integration', '/api-keys');
    if (!current) return;
    await this.answer(current, reply, async () => {
      const created = await this.console.issueKey(current, request.correlationId);
      await this.showKeys(current, request, reply, 201, undefined, created);
    });
  }

  @Post('api-keys/:apiKey/revoke')
  async revokeKey(@Param('apiKey') apiKey: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.changer(request, reply, body, 'integration', '/api-keys');
    if (!current) return;
    await this.answer(current, reply, async () => {
      try {
        await this.console.revokeKey(current, apiKey, request.correlationId);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return this.showKeys(current, request, reply, error.status, this.refusal(current, error));
      }
      await this.showKeys(current, request, reply, 200, { kind: 'success', text: t(current.user.language, 'keys.revoked', { key: apiKey }) });
    });
  }

  @Get('settings')
  async settings(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      const view = await this.console.environment(current, request.correlationId);
      sendHtml(
        reply,
        200,
        settingsPage(this.chrome(current, view.merchant.name, '/settings'), settingsForm(view.settings), mayChange(current.user.role, 'integration')),
      );
    });
  }

  @Post('settings')
  async saveSettings(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.changer(request, reply, body, 'integration', '/settings');
    if (!current) return;
    const entered: SettingsForm = {
      ip_allowlist: form.ip_allowlist ?? '',
      webhook_url: form.webhook_url ?? '',
      success_return_url: form.success_return_url ?? '',
      failure_return_url: form.failure_return_url ?? '',
    };
    const patch: Record<(typeof CONSOLE_EDITABLE_SETTINGS)[number], unknown> = {
      ip_allowlist: entered.ip_allowlist
        .split(/[\r\n]+/)
        .map((line) => line.trim())
        .filter(Boolean),
      webhook_url: entered.webhook_url.trim() || null,
      success_return_url: entered.success_return_url.trim() || null,
      failure_return_url: entered.failure_return_url.trim() || null,
    };
    await this.answer(current, reply, async () => {
      const view = await this.console.environment(current, request.correlationId);
      const chrome = this.chrome(current, view.merchant.name, '/settings');
      try {
        const saved = await this.console.updateSettings(current, patch, request.correlationId);
        sendHtml(reply, 200, settingsPage(chrome, settingsForm(saved), true, {}, { kind: 'success', text: t(current.user.language, 'settings.saved') }));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        sendHtml(reply, error.status, settingsPage(chrome, entered, true, formFieldErrors(error.extras.errors), this.refusal(current, error)));
      }
    });
  }

  @Get('users')
  async usersList(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, () => this.showUsers(current, request, reply, 200));
  }

  @Post('users')
  async invite(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.changer(request, reply, body, 'users', '/users');
    if (!current) return;
    const l = current.user.language;
    const entered = { email: (form.email ?? '').trim(), role: form.role ?? '' };
    const errors: FieldErrors = {};
    if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(entered.email) || entered.email.length > 254) errors.email = [t(l, 'field.invalid')];
    if (!(PANEL_ROLES as readonly string[]).includes(entered.role)) errors.role = [t(l, 'field.invalid')];
    await this.answer(current, reply, async () => {
      if (Object.keys(errors).length > 0) {
        return this.showUsers(current, request, reply, 422, entered, errors, { kind: 'error', text: errorText(l, Errors.RequestSchemaInvalid, '') });
      }
      try {
        await this.auth.invite(
          {
            merchant_code: current.user.merchant_code,
            email: entered.email,
            role: entered.role as PanelRole,
            invited_by: `merchant-user:${current.user.id} ${current.user.email}`,
            inviter_user_id: current.user.id,
          },
          request.correlationId,
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return this.showUsers(current, request, reply, error.status, entered, formFieldErrors(error.extras.errors), this.refusal(current, error));
      }
      await this.showUsers(
        current,
        request,
        reply,
        201,
        undefined,
        {},
        { kind: 'success', text: t(l, 'users.invited', { email: entered.email.toLowerCase() }) },
      );
    });
  }

  @Post('users/:userId/role')
  changeRole(@Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const role = formOf(body).role;
    return this.manageUser(userId, (PANEL_ROLES as readonly string[]).includes(role ?? '') ? { role: role as PanelRole } : undefined, body, request, reply);
  }

  @Post('users/:userId/remove')
  removeUser(@Param('userId') userId: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.manageUser(userId, 'remove', body, request, reply);
  }

  @Get('security')
  async security(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, () => this.showSecurity(current, request, reply, 200));
  }

  @Post('security/two-factor/start')
  async startTwoFactor(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedInForm(request, reply, formOf(body));
    if (!current) return;
    await this.auth.startTotp(current);
    redirect(reply, '/security');
  }

  @Post('security/two-factor/confirm')
  async confirmTwoFactor(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    const l = current.user.language;
    await this.answer(current, reply, async () => {
      if (await this.auth.confirmTotp(current, form.code ?? '', request.correlationId)) {
        const fresh = (await this.auth.session(this.sessionToken(request)))!;
        return this.showSecurity(fresh, request, reply, 200, {}, { kind: 'success', text: t(l, 'security.enabled') });
      }
      await this.showSecurity(current, request, reply, 422, { code: [t(l, 'twoFactor.wrong')] }, { kind: 'error', text: t(l, 'twoFactor.wrong') });
    });
  }

  @Post('security/two-factor/disable')
  async disableTwoFactor(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    const l = current.user.language;
    await this.answer(current, reply, async () => {
      if (await this.auth.disableTotp(current, form.code ?? '', request.correlationId)) {
        const fresh = (await this.auth.session(this.sessionToken(request)))!;
        return this.showSecurity(fresh, request, reply, 200, {}, { kind: 'success', text: t(l, 'security.disabled') });
      }
      await this.showSecurity(current, request, reply, 422, { code: [t(l, 'twoFactor.wrong')] }, { kind: 'error', text: t(l, 'twoFactor.wrong') });
    });
  }

  @Post('security/password')
  async changePassword(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    const l = current.user.language;
    await this.answer(current, reply, async () => {
      const password = form.password ?? '';
      const problem = passwordProblem(password);
      const errors: FieldErrors = problem
        ? { password: [t(l, `password.${problem}`)] }
        : password !== form.password_repeat
          ? { password_repeat: [t(l, 'password.mismatch')] }
          : {};
      if (Object.keys(errors).length === 0 && !(await this.auth.changePassword(current, form.current_password ?? '', password, request.correlationId))) {
        errors.current_password = [t(l, 'security.wrongPassword')];
      }
      if (Object.keys(errors).length > 0)
        return this.showSecurity(current, request, reply, 422, errors, { kind: 'error', text: errorText(l, Errors.RequestSchemaInvalid, '') });
      await this.showSecurity(current, request, reply, 200, {}, { kind: 'success', text: t(l, 'security.passwordChanged') });
    });
  }

  @Post('security/language')
  async language(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    const language = languageOf(form.language);
    if (language) await this.auth.setLanguage(current, language);
    redirect(reply, '/security');
  }

  @Post('security/sign-out-everywhere')
  async signOutEverywhere(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedInForm(request, reply, formOf(body));
    if (!current) return;
    await this.auth.signOutEverywhere(current, request.correlationId);
    clearCookie(reply, request, SESSION_COOKIE);
    redirect(reply, '/sign-in');
  }

  @Post('sign-out')
  async signOut(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedInForm(request, reply, formOf(body));
    if (!current) return;
    await this.auth.signOut(current, request.correlationId);
    clearCookie(reply, request, SESSION_COOKIE);
    redirect(reply, '/sign-in');
  }

  /** Any role may look at either environment; which one is always on screen. */
  @Post('environment')
  async environment(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    if (form.environment === 'sandbox' || form.environment === 'live') await this.auth.setEnvironment(current, form.environment);
    redirect(reply, PAGES.has(form.back ?? '') ? form.back! : '/');
  }

  private async manageUser(
    userId: string,
    change: { role: PanelRole } | 'remove' | undefined,
    body: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const current = await this.changer(request, reply, body, 'users', '/users');
    if (!current) return;
    const l = current.user.language;
    await this.answer(current, reply, async () => {
      if (!change || !/^[0-9a-f-]{36}$/.test(userId)) {
        return this.showUsers(
          current,
          request,
          reply,
          422,
          undefined,
          { role: [t(l, 'field.invalid')] },
          { kind: 'error', text: errorText(l, Errors.RequestSchemaInvalid, '') },
        );
      }
      try {
        const target = await this.auth.manageUser(current, userId, change, request.correlationId);
        const text =
          change === 'remove'
            ? t(l, 'users.removed', { email: target.email })
            : t(l, 'users.roleChanged', { email: target.email, role: t(l, `role.${change.role}`) });
        await this.showUsers(current, request, reply, 200, undefined, {}, { kind: 'success', text });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || error.code === Errors.ResourceNotFound) throw error;
        const detail = t(l, error.extras.errors?.user ? 'users.notYourself' : 'users.lastOwner');
        await this.showUsers(
          current,
          request,
          reply,
          error.status,
          undefined,
          {},
          { kind: 'error', text: `${errorText(l, error.code, error.message)} (${error.code}): ${detail}` },
        );
      }
    });
  }

  private async showKeys(
    current: SignedIn,
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    notice?: Notice,
    created?: Parameters<typeof apiKeysPage>[4],
  ): Promise<void> {
    const view = await this.console.environment(current, request.correlationId);
    sendHtml(
      reply,
      status,
      apiKeysPage(this.chrome(current, view.merchant.name, '/api-keys'), view.api_keys, mayChange(current.user.role, 'integration'), notice, created),
    );
  }

  private async showUsers(
    current: SignedIn,
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    form?: { email: string; role: string },
    errors: FieldErrors = {},
    notice?: Notice,
  ): Promise<void> {
    const view = await this.console.environment(current, request.correlationId);
    const users = await this.users.ofMerchant(current.user.merchant_code);
    sendHtml(reply, status, usersPage(this.chrome(current, view.merchant.name, '/users'), users, mayChange(current.user.role, 'users'), form, errors, notice));
  }

  private async showSecurity(
    current: SignedIn,
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    errors: FieldErrors = {},
    notice?: Notice,
  ): Promise<void> {
    const view = await this.console.environment(current, request.correlationId);
    const secret = this.auth.pendingTotp(current);
    const pending = secret && !current.user.totp_secret_sealed ? { secret, uri: otpauthUri(secret, current.user.email) } : undefined;
    sendHtml(reply, status, securityPage(this.chrome(current, view.merchant.name, '/security'), !!current.user.totp_secret_sealed, pending, errors, notice));
  }

  /** A signed-in user whose role may make this change; a viewer gets 403 and nothing changes. */
  private async changer(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    what: 'integration' | 'users',
    page: string,
  ): Promise<SignedIn | undefined> {
    const current = await this.gate.signedInForm(request, reply, formOf(body));
    if (!current) return undefined;
    if (mayChange(current.user.role, what)) return current;
    const l = current.user.language;
    await this.gate.forbid(current, request, reply, { page, text: t(l, 'forbidden', { role: t(l, `role.${current.user.role}`) }), back: t(l, 'nav.overview') });
    return undefined;
  }

  private refusal(current: SignedIn, error: ApiError): Notice {
    return { kind: 'error', text: `${errorText(current.user.language, error.code, error.message)} (${error.code})` };
  }

  private answer(current: SignedIn, reply: FastifyReply, work: () => Promise<void>): Promise<void> {
    return answerSignedIn(current, reply, this.logger, work);
  }

  private chrome(current: SignedIn, merchantName: string, path: string): Chrome {
    return chromeOf(current, merchantName, path);
  }

  private sessionToken(request: FastifyRequest): string | undefined {
    return readCookie(request, SESSION_COOKIE);
  }
}
