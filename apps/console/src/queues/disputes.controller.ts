import { createHash, randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdvanceDispute,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  ENVIRONMENTS,
  OperatorListDisputes,
  PagingQuerySchema,
  RecordDispute,
  RecordDisputeBodySchema,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { csrfField, escapeHtml, field, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice } from '../auth/console-gate';
import { actionForm, code, consolePage, filterForm, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';
import { OperatorCommands } from './operator-commands';

const QuerySchema = PagingQuerySchema.extend({ status: z.enum(DISPUTE_STATUSES).optional(), environment: z.enum(ENVIRONMENTS).optional() }).strict();
const IdSchema = z.string().uuid('must be a UUID');
const PATH = '/disputes';
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Disputes the banks raised: record one (the wallet is debited at once), move it to review, mark the defence submitted, resolve it. */
@Controller('disputes')
export class DisputesController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const { page, per_page, status, environment } = listQuery(QuerySchema, query);
      const result = await this.rpc.request(
        OperatorListDisputes,
        { page, per_page, status: status ?? null, environment },
        { correlationId: request.correlationId },
      );
      const csrf = current.session.csrf_token;
      const rows = result.data.map((dispute) => {
        const action = `${PATH}/${dispute.id}`;
        const steps =
          dispute.status === 'won' || dispute.status === 'lost'
            ? ''
            : [
                dispute.status === 'open' ? actionForm(csrf, `${action}/under_review`, 'Under review', '', 'secondary') : '',
                dispute.evidence_submitted_at ? '' : actionForm(csrf, `${action}/evidence_submitted`, 'Evidence submitted', '', 'secondary'),
                actionForm(csrf, `${action}/resolve`, 'Resolve won', '<input type="hidden" name="outcome" value="won">'),
                actionForm(csrf, `${action}/resolve`, 'Resolve lost', '<input type="hidden" name="outcome" value="lost">', 'danger'),
              ].join('');
        return [
          code(dispute.id),
          escapeHtml(dispute.merchant_code ?? ''),
          escapeHtml(dispute.environment),
          code(dispute.payment_code ?? ''),
          `${escapeHtml(dispute.amount)} ${escapeHtml(dispute.currency)}`,
          escapeHtml(dispute.reason),
          escapeHtml(dispute.status),
          escapeHtml(dispute.evidence_due_at ?? '—'),
          escapeHtml(dispute.merchant_evidence_note ?? '—'),
          steps,
        ];
      });
      const filters = filterForm(PATH, [
        { name: 'status', label: 'Status', values: DISPUTE_STATUSES, selected: status, any: 'Any' },
        { name: 'environment', label: 'Environment', values: ENVIRONMENTS, selected: environment, any: 'Both' },
      ]);
      const headings = ['ID', 'Merchant', 'Environment', 'Payment', 'Amount', 'Reason', 'Status', 'Evidence due', "Merchant's evidence", 'Steps'];
      const body = `${filters}${table('Disputes', headings, rows, 'No disputes.')}${pager(PATH, filtersOf({ status, environment }), result.meta)}${this.recordForm(csrf)}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), 'Disputes', body, doneNotice(query)));
    });
  }

  /** Each form carries its own idempotency key: sent twice (a double click, a reload), it records one dispute. */
  private recordForm(csrf: string): string {
    return `<section class="card" aria-labelledby="record-h"><h2 id="record-h">Record a dispute</h2>
<form method="post" action="${PATH}" novalidate>${csrfField(csrf)}<input type="hidden" name="idempotency_key" value="${randomUUID()}">
${field({ name: 'merchant_code', label: 'Merchant code', hint: 'MRC- and six digits', required: true })}
${field({ name: 'environment', label: 'Environment', type: 'select', options: options(ENVIRONMENTS), value: 'live' })}
${field({ name: 'service', label: 'Service', type: 'select', options: options(['api', 'link']) })}
${field({ name: 'payment_code', label: 'Payment code (optional)' })}
${field({ name: 'reason', label: 'Reason', type: 'select', options: options(DISPUTE_REASONS) })}
${field({ name: 'reason_note', label: 'Note (optional)', type: 'textarea' })}
${field({ name: 'amount', label: 'Amount', hint: 'For example 125.00', required: true })}
${field({ name: 'currency', label: 'Currency', type: 'select', options: options(['USD', 'EUR', 'AED', 'TRY']) })}
<button type="submit">Record and debit</button></form></section>`;
  }

  @Post()
  record(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'money', PATH, async (current, form) => {
      const fields = parseOrReject(RecordDisputeBodySchema, {
        merchant_code: form.merchant_code?.trim(),
        environment: form.environment,
        service: form.service,
        payment_code: form.payment_code?.trim() || null,
        reason: form.reason,
        reason_note: form.reason_note?.trim() || null,
        amount: form.amount?.trim(),
        currency: form.currency,
      });
      const { idempotency_key } = parseOrReject(z.object({ idempotency_key: z.string().uuid('must come from the form') }), {
        idempotency_key: form.idempotency_key,
      });
      const fingerprint = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
      await this.commands.send(current, request, RecordDispute, { ...fields, idempotency_key: `console:${idempotency_key}`, fingerprint });
      return 'recorded';
    });
  }

  @Post(':id/:action')
  advance(
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    // Recording a result moves money (resolved won credits the wallet back): as in the API, that is `money`; review steps are `disputes`.
    return this.gate.change(request, reply, body, action === 'resolve' ? 'money' : 'disputes', PATH, async (current, form) => {
      await this.commands.send(current, request, AdvanceDispute, {
        id: parseOrReject(IdSchema, id),
        action,
        ...(action === 'resolve' ? { outcome: form.outcome } : {}),
      });
      return action === 'resolve' ? 'resolved' : 'advanced';
    });
  }
}
