import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BinRecordSchema,
  ClearMaintenance,
  ENVIRONMENTS,
  GetServiceStatus,
  MAINTAINABLE_SERVICES,
  OperatorListBins,
  OperatorListFxRates,
  PagingQuerySchema,
  RATED_CURRENCIES,
  SetFxRate,
  SetMaintenance,
  UpsertBin,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { csrfField, escapeHtml, field, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice } from '../auth/console-gate';
import { OperatorCommands } from './operator-commands';
import { actionForm, code, consolePage, filterForm, inlineInput, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';

const ServiceSchema = z.enum(MAINTAINABLE_SERVICES);
const BinQuerySchema = PagingQuerySchema.extend({
  environment: z.enum(ENVIRONMENTS).optional(),
  bin_prefix: z
    .string()
    .regex(/^\d{1,6}$/, 'must be up to six digits')
    .optional(),
}).strict();
const yesOrNo = (value: boolean) => (value ? 'yes' : 'no');
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const yesNo = [
  { value: 'true', label: 'yes' },
  { value: 'false', label: 'no' },
];
/** A form's optional text: empty is "not set". */
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** What the platform runs on: maintenance switches, FX and USDT rates, and the BIN table. */
@Controller()
export class PlatformController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get('maintenance')
  maintenance(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const switches = await this.rpc.request(GetServiceStatus, {}, { correlationId: request.correlationId });
      const csrf = current.session.csrf_token;
      const rows = MAINTAINABLE_SERVICES.map((service) => {
        const on = switches.find((item) => item.service === service);
        const set = actionForm(
          csrf,
          `/maintenance/${service}`,
          on ? 'Update' : 'Start maintenance',
          `${inlineInput('until', 'Until (ISO 8601 UTC, optional)', { id: `until-${service}`, required: false, value: on?.until ?? '' })}${inlineInput('note', 'Note (optional)', { id: `note-${service}`, required: false, value: on?.note ?? '' })}`,
        );
        const clear = on ? actionForm(csrf, `/maintenance/${service}/clear`, 'End maintenance', '', 'secondary') : '';
        return [
          escapeHtml(service),
          on ? '<strong>in maintenance</strong>' : 'running',
          escapeHtml(on?.until ?? '—'),
          escapeHtml(on?.note ?? '—'),
          `${set}${clear}`,
        ];
      });
      const body = table('Maintenance switches', ['Service', 'State', 'Until', 'Note', 'Change'], rows);
      sendHtml(reply, 200, consolePage(chromeOf(current, '/maintenance'), 'Maintenance', body, doneNotice(query)));
    });
  }

  @Post('maintenance/:service')
  setMaintenance(@Param('service') service: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'platform', '/maintenance', async (current, form) => {
      await this.commands.send(current, request, SetMaintenance, {
        service: parseOrReject(ServiceSchema, service),
        until: optional(form.until),
        note: optional(form.note),
      });
      return 'saved';
    });
  }

  @Post('maintenance/:service/clear')
  clearMaintenance(@Param('service') service: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'platform', '/maintenance', async (current) => {
      await this.commands.send(current, request, ClearMaintenance, { service: parseOrReject(ServiceSchema, service) });
      return 'cleared';
    });
  }

  @Get('rates')
  rates(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const rates = await this.rpc.request(OperatorListFxRates, {}, { correlationId: request.correlationId });
      const rows = rates.data.map((rate) => [escapeHtml(rate.currency_code), code(rate.usd_per_unit), escapeHtml(rate.effective_at)]);
      const body = `${table('Current rates', ['Currency', 'USD per unit', 'In force since'], rows, 'No rates set.')}
<section class="card" aria-labelledby="rate-h"><h2 id="rate-h">Set a rate</h2><p>Rates are in USD per unit of the currency; USDT's is the rate withdrawals are converted at.</p>
<form method="post" action="/rates" novalidate>${csrfField(current.session.csrf_token)}
${field({ name: 'currency_code', label: 'Currency', type: 'select', options: options(RATED_CURRENCIES) })}
${field({ name: 'usd_per_unit', label: 'USD per unit', hint: 'For example 0.0312 for TRY', required: true, inputmode: 'decimal' })}
<button type="submit">Set rate</button></form></section>`;
      sendHtml(reply, 200, consolePage(chromeOf(current, '/rates'), 'FX and USDT rates', body, doneNotice(query)));
    });
  }

  @Post('rates')
  setRate(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'rates', '/rates', async (current, form) => {
      await this.commands.send(current, request, SetFxRate, { currency_code: form.currency_code, usd_per_unit: form.usd_per_unit?.trim() ?? '' });
      return 'saved';
    });
  }

  @Get('bins')
  bins(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const { page, per_page, environment, bin_prefix } = listQuery(BinQuerySchema, query);
      const shown = environment ?? 'live';
      const result = await this.rpc.request(
        OperatorListBins,
        { environment: shown, bin_prefix: bin_prefix ?? '', page, per_page },
        { correlationId: request.correlationId },
      );
      const rows = result.data.map((row) => [
        code(row.bin),
        escapeHtml(row.bank_name ?? '—'),
        escapeHtml(row.network ?? '—'),
        escapeHtml(row.card_type ?? '—'),
        escapeHtml(row.card_program ?? '—'),
        escapeHtml(row.country ?? '—'),
        yesOrNo(row.domestic),
        escapeHtml(row.payment_mode),
        yesOrNo(row.channel_available),
        yesOrNo(row.issuer_available),
        escapeHtml(row.updated_at),
      ]);
      const filters = filterForm('/bins', [{ name: 'environment', label: 'Environment', values: ENVIRONMENTS, selected: shown }], {
        name: 'bin_prefix',
        label: 'BIN starts with',
        value: bin_prefix,
      });
      const list = `${filters}${table(
        `BIN table (${shown})`,
        ['BIN', 'Bank', 'Network', 'Card type', 'Program', 'Country', 'Domestic', 'Payment mode', 'Channel', 'Issuer', 'Changed'],
        rows,
        'No BINs match.',
      )}${pager('/bins', filtersOf({ environment: shown, bin_prefix }), result.meta)}`;
      const body = `${list}<section class="card" aria-labelledby="bin-h"><h2 id="bin-h">Create or replace a BIN</h2>
<form method="post" action="/bins" novalidate>${csrfField(current.session.csrf_token)}
${field({ name: 'environment', label: 'Table', type: 'select', options: options(ENVIRONMENTS) })}
${field({ name: 'bin', label: 'BIN', hint: 'The first six digits of the card number', required: true, inputmode: 'numeric' })}
${field({ name: 'bank_name', label: 'Issuer (optional)' })}
${field({ name: 'network', label: 'Network', type: 'select', options: [{ value: '', label: 'unknown' }, ...options(['visa', 'mastercard', 'amex', 'troy'])] })}
${field({ name: 'card_type', label: 'Card type', type: 'select', options: [{ value: '', label: 'unknown' }, ...options(['credit', 'debit', 'prepaid'])] })}
${field({ name: 'card_program', label: 'Programme (optional)' })}
${field({ name: 'country', label: 'Country (two letters, optional)' })}
${field({ name: 'domestic', label: 'Domestic', type: 'select', options: yesNo })}
${field({ name: 'payment_mode', label: 'Payment mode', type: 'select', options: options(['direct', 'hosted']) })}
${field({ name: 'channel_available', label: 'Channel available', type: 'select', options: yesNo })}
${field({ name: 'issuer_available', label: 'Issuer available', type: 'select', options: yesNo })}
<button type="submit">Save BIN</button></form></section>`;
      sendHtml(reply, 200, consolePage(chromeOf(current, '/bins'), 'BIN table', body, doneNotice(query)));
    });
  }

  @Post('bins')
  upsertBin(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'platform', '/bins', async (current, form) => {
      const { environment, bin } = parseOrReject(
        z.object({ environment: z.enum(ENVIRONMENTS), bin: z.string().regex(/^\d{6}$/, 'must be exactly six digits') }),
        {
          environment: form.environment,
          bin: form.bin?.trim(),
        },
      );
      const record = parseOrReject(BinRecordSchema.strict(), {
        bank_name: optional(form.bank_name),
        network: optional(form.network),
        card_type: optional(form.card_type),
        card_program: optional(form.card_program),
        country: optional(form.country)?.toUpperCase() ?? null,
        domestic: form.domestic === 'true',
        payment_mode: form.payment_mode,
        channel_available: form.channel_available === 'true',
        issuer_available: form.issuer_available !== 'false',
      });
      await this.commands.send(current, request, UpsertBin, { environment, bin, record });
      return 'saved';
    });
  }
}
