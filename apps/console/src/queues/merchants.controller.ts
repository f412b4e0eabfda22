import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENVIRONMENTS,
  ListPanelUsers,
  OperatorCreateMerchant,
  OperatorGetMerchant,
  OperatorListMerchants,
  OperatorPatchSettings,
  OperatorRevokeApiKey,
  OperatorSetMerchantStatus,
  PANEL_ROLES,
  PAYMENT_CURRENCIES,
  PagingQuerySchema,
  PanelInviteUser,
  text,
  type ConsoleSettings,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { csrfField, escapeHtml, field, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice } from '../auth/console-gate';
import { operatorActor } from '../auth/operator-auth.service';
import { actionForm, code, consolePage, filterForm, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';
import { OperatorCommands } from './operator-commands';

const STATUSES = ['active', 'inactive'] as const;
const QuerySchema = PagingQuerySchema.extend({ search: text({ min: 1, max: 100 }).optional(), status: z.enum(STATUSES).optional() }).strict();
const MerchantCodeSchema = z.string().regex(/^MRC-\d{6}$/, 'must be MRC- and six digits');
const InvitationSchema = z.object({ email: z.string().trim().toLowerCase().email('must be an e-mail address').max(254), role: z.enum(PANEL_ROLES) });
const PATH = '/merchants';
/** A merchant's page: where its changes return. */
const pageOf = (merchantCode: string) => `${PATH}/${encodeURIComponent(merchantCode)}`;

/** Merchants: find by code, account number or name; create; activate or deactivate. */
@Controller('merchants')
export class MerchantsController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const { page, per_page, search, status } = listQuery(QuerySchema, query);
      const result = await this.rpc.request(OperatorListMerchants, { page, per_page, search, status }, { correlationId: request.correlationId });
      const csrf = current.session.csrf_token;
      const rows = result.data.map((merchant) => [
        `<a href="${PATH}/${escapeHtml(merchant.merchant_code)}">${code(merchant.merchant_code)}</a>`,
        escapeHtml(merchant.account_number),
        escapeHtml(merchant.name),
        escapeHtml(merchant.base_currency),
        escapeHtml(merchant.status),
        escapeHtml(merchant.created_at),
        merchant.status === 'active'
          ? actionForm(csrf, `${PATH}/${merchant.merchant_code}/deactivate`, 'Deactivate', '', 'danger')
          : actionForm(csrf, `${PATH}/${merchant.merchant_code}/activate`, 'Activate', '', 'secondary'),
      ]);
      const filters = filterForm(PATH, [{ name: 'status', label: 'Status', values: STATUSES, selected: status, any: 'Any' }], {
        name: 'search',
        label: 'Code, account number or name',
        value: search,
      });
      const create = `<section class="card" aria-labelledby="create-h"><h2 id="create-h">Create a merchant</h2><form method="post" action="${PATH}" novalidate>${csrfField(csrf)}
${field({ name: 'name', label: 'Name', required: true })}${field({ name: 'base_currency', label: 'Base currency', type: 'select', options: PAYMENT_CURRENCIES.map((value) => ({ value, label: value })) })}
<button type="submit">Create merchant</button></form></section>`;
      const body = `${filters}${table('Merchants', ['Code', 'Account', 'Name', 'Base currency', 'Status', 'Created', 'Change'], rows, 'No merchants match.')}${pager(PATH, filtersOf({ search, status }), result.meta)}${create}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), 'Merchants', body, doneNotice(query)));
    });
  }

  @Post()
  create(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'merchants', PATH, async (current, form) => {
      await this.commands.send(current, request, OperatorCreateMerchant, { name: form.name ?? '', base_currency: form.base_currency });
      return 'created';
    });
  }

  @Get(':code')
  detail(@Param('code') merchantCode: string, @Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const meta = { correlationId: request.correlationId };
      const { merchant, environments, api_keys } = await this.rpc.request(
        OperatorGetMerchant,
        { merchant_code: parseOrReject(MerchantCodeSchema, merchantCode) },
        meta,
      );
      // The panel owns merchant users: without its answer the rest of the page still serves.
      const panelUsers = await this.rpc.request(ListPanelUsers, { merchant_code: merchant.merchant_code }, { ...meta, timeoutMs: 3000 }).catch(() => undefined);
      const facts = `<dl class="facts card"><dt>Code</dt><dd>${code(merchant.merchant_code)}</dd><dt>Account</dt><dd>${escapeHtml(merchant.account_number)}</dd><dt>Base currency</dt><dd>${escapeHtml(merchant.base_currency)}</dd><dt>Status</dt><dd>${escapeHtml(merchant.status)}</dd><dt>Created</dt><dd>${escapeHtml(merchant.created_at)}</dd></dl>`;
      const forms = ENVIRONMENTS.map((environment) => settingsForm(current.session.csrf_token, merchant.merchant_code, environments[environment])).join('');
      const keyRows = api_keys.map((key) => [
        escapeHtml(key.environment),
        code(key.api_key),
        String(key.key_version),
        escapeHtml(key.state),
        escapeHtml(key.created_at),
        escapeHtml(key.expires_at ?? '—'),
        key.state === 'ended'
          ? ''
          : actionForm(
              current.session.csrf_token,
              `${PATH}/${merchant.merchant_code}/api-keys/${key.environment}/revoke`,
              'Revoke',
              `<input type="hidden" name="api_key" value="${escapeHtml(key.api_key)}">`,
              'danger',
            ),
      ]);
      const keys = table(
        'API keys (the merchant issues new ones in the panel)',
        ['Environment', 'Key', 'Version', 'State', 'Created', 'Expires', 'Leaked?'],
        keyRows,
        'No API keys yet.',
      );
      const userRows = (panelUsers?.data ?? []).map((user) => [
        escapeHtml(user.email),
        escapeHtml(user.role),
        escapeHtml(user.status),
        user.two_factor ? 'yes' : 'no',
        escapeHtml(user.invited_by),
        escapeHtml(user.created_at),
      ]);
      const users = `${table('Panel users', ['E-mail', 'Role', 'Status', 'Second factor', 'Invited by', 'Since'], userRows, panelUsers ? 'No panel users yet.' : 'The merchant panel did not answer: its users cannot be shown now.')}
<section class="card" aria-labelledby="invite-h"><h2 id="invite-h">Invite a panel user</h2><p>The panel mails a one-time link; neither this page nor the audit log shows it.</p>
<form method="post" action="${PATH}/${merchant.merchant_code}/users" novalidate>${csrfField(current.session.csrf_token)}
${field({ name: 'email', label: 'E-mail', type: 'email', required: true })}
${field({ name: 'role', label: 'Panel role', type: 'select', options: PANEL_ROLES.map((role) => ({ value: role, label: role })) })}
<button type="submit">Invite</button></form></section>`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), merchant.name, `${facts}${keys}${users}${forms}`, doneNotice(query)));
    });
  }

  @Post(':code/settings/:environment')
  settings(
    @Param('code') merchantCode: string,
    @Param('environment') environment: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.gate.change(request, reply, body, 'merchants', pageOf(merchantCode), async (current, form) => {
      await this.commands.send(current, request, OperatorPatchSettings, {
        merchant_code: parseOrReject(MerchantCodeSchema, merchantCode),
        environment: parseOrReject(z.enum(ENVIRONMENTS), environment),
        patch: settingsPatchOf(form),
      });
      return 'saved';
    });
  }

  /** An invitation to the merchant panel: the panel makes the user, mails the link and announces the operator's invitation with it. */
  @Post(':code/users')
  invite(@Param('code') merchantCode: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'merchant_users', pageOf(merchantCode), async (current, form) => {
      const merchant_code = parseOrReject(MerchantCodeSchema, merchantCode);
      const { email, role } = parseOrReject(InvitationSchema, { email: form.email ?? '', role: form.role });
      // The gateway's check that the merchant exists, as the operator API makes it before inviting.
      await this.rpc.request(OperatorGetMerchant, { merchant_code }, { correlationId: request.correlationId });
      await this.commands.send(current, request, PanelInviteUser, { merchant_code, email, role, invited_by: operatorActor(current.operator) });
      return 'invited';
    });
  }

  /** A leaked key stops working at once; the merchant issues its replacement in the panel. */
  @Post(':code/api-keys/:environment/revoke')
  revokeKey(
    @Param('code') merchantCode: string,
    @Param('environment') environment: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.gate.change(request, reply, body, 'merchants', pageOf(merchantCode), async (current, form) => {
      await this.commands.send(current, request, OperatorRevokeApiKey, {
        merchant_code: parseOrReject(MerchantCodeSchema, merchantCode),
        environment: parseOrReject(z.enum(ENVIRONMENTS), environment),
        api_key: parseOrReject(text({ min: 1, max: 200 }), form.api_key ?? ''),
      });
      return 'revoked';
    });
  }

  @Post(':code/:change')
  setStatus(
    @Param('code') merchantCode: string,
    @Param('change') change: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.gate.change(request, reply, body, 'merchants', PATH, async (current) => {
      const status = parseOrReject(z.enum(['activate', 'deactivate']), change) === 'activate' ? 'active' : 'inactive';
      await this.commands.send(current, request, OperatorSetMerchantStatus, { merchant_code: parseOrReject(MerchantCodeSchema, merchantCode), status });
      return 'saved';
    });
  }
}

const yesNo = [
  { value: 'true', label: 'yes' },
  { value: 'false', label: 'no' },
];

/** The operator's side of an environment's settings; the merchant's addresses and allowlist are shown, and changed in the panel. */
function settingsForm(csrf: string, merchantCode: string, settings: ConsoleSettings): string {
  const env = settings.environment;
  const id = (name: string) => `${env}-${name}`;
  const select = (name: keyof ConsoleSettings, label: string) =>
    `<label for="${id(name)}">${escapeHtml(label)}</label><select id="${id(name)}" name="${name}">${yesNo.map((option) => `<option value="${option.value}"${String(settings[name]) === option.value ? ' selected' : ''}>${option.label}</option>`).join('')}</select>`;
  const input = (name: string, label: string, value: string, hint?: string) =>
    `<label for="${id(name)}">${escapeHtml(label)}</label>${hint ? `<p class="hint">${escapeHtml(hint)}</p>` : ''}<input id="${id(name)}" name="${name}" value="${escapeHtml(value)}">`;
  const limits = PAYMENT_CURRENCIES.map((currency) => {
    const limit = settings.payment_limits.find((entry) => entry.currency_code === currency);
    return `<tr><th scope="row">${currency}</th><td>${input(`limit_${currency}_min`, `${currency} minimum`, limit?.min_amount ?? '')}</td><td>${input(`limit_${currency}_max`, `${currency} maximum`, limit?.max_amount ?? '', 'empty: no maximum')}</td></tr>`;
  }).join('');
  const merchantSide = `<p class="hint">Set by the merchant: webhook ${code(settings.webhook_url ?? '—')}, IP allowlist ${code(settings.ip_allowlist.join(', ') || '—')}.</p>`;
  return `<section class="card" aria-labelledby="${id('h')}"><h2 id="${id('h')}">${env === 'live' ? 'Live' : 'Sandbox'} settings</h2>${merchantSide}
<form method="post" action="/merchants/${escapeHtml(merchantCode)}/settings/${env}" novalidate>${csrfField(csrf)}
${select('card_payments_enabled', 'Card payments enabled')}${select('direct_api_enabled', 'Direct API enabled')}${select('setup_complete', 'Set-up complete')}
${input('settlement_delay_days', 'Settlement delay (days)', String(settings.settlement_delay_days))}
${input('withdrawal_min_amount', 'Withdrawal minimum', settings.withdrawal_min_amount)}${input('withdrawal_daily_limit', 'Withdrawal daily limit', settings.withdrawal_daily_limit)}
<table><caption>Payment limits per currency (empty minimum: no payments in that currency)</caption><tbody>${limits}</tbody></table>
<button type="submit">Save ${env} settings</button></form></section>`;
}

/** The form as the operator API's PATCH body: numbers as numbers, yes/no as booleans, limits as the list; the gateway validates it. */
function settingsPatchOf(form: Record<string, string>): Record<string, unknown> {
  const delay = form.settlement_delay_days?.trim() ?? '';
  return {
    card_payments_enabled: form.card_payments_enabled === 'true',
    direct_api_enabled: form.direct_api_enabled === 'true',
    setup_complete: form.setup_complete === 'true',
    settlement_delay_days: /^\d+$/.test(delay) ? Number(delay) : delay,
    withdrawal_min_amount: form.withdrawal_min_amount?.trim() ?? '',
    withdrawal_daily_limit: form.withdrawal_daily_limit?.trim() ?? '',
    payment_limits: PAYMENT_CURRENCIES.filter((currency) => form[`limit_${currency}_min`]?.trim()).map((currency) => ({
      currency_code: currency,
      min_amount: form[`limit_${currency}_min`]!.trim(),
      max_amount: form[`limit_${currency}_max`]?.trim() || null,
    })),
  };
}
