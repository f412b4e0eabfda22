import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DecideWithdrawal, ENVIRONMENTS, OperatorListWithdrawals, PagingQuerySchema, WITHDRAWAL_STATUSES } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { escapeHtml, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice, type Done } from '../auth/console-gate';
import type { SignedIn } from '../auth/operator-auth.service';
import { actionForm, code, consolePage, filterForm, inlineInput, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';
import { OperatorCommands } from './operator-commands';

const QuerySchema = PagingQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional(), environment: z.enum(ENVIRONMENTS).optional() }).strict();
const IdSchema = z.string().uuid('must be a UUID');
const PATH = '/withdrawals';

/** USDT withdrawals of every merchant: approve, send with the chain hash, or reject with a reason (four eyes above the currency's amount). */
@Controller('withdrawals')
export class WithdrawalsController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const { page, per_page, status, environment } = listQuery(QuerySchema, query);
      const shown = status ?? 'requested';
      const result = await this.rpc.request(OperatorListWithdrawals, { page, per_page, status: shown, environment }, { correlationId: request.correlationId });
      const csrf = current.session.csrf_token;
      const rows = result.data.map((withdrawal) => {
        const action = `${PATH}/${withdrawal.id}`;
        const actions =
          withdrawal.status !== 'requested'
            ? escapeHtml(withdrawal.tx_hash ?? withdrawal.rejection_reason ?? '')
            : [
                withdrawal.approved_by ? '' : actionForm(csrf, `${action}/approve`, 'Approve', '', 'secondary'),
                actionForm(csrf, `${action}/send`, 'Send', inlineInput('tx_hash', 'Transaction hash', { id: `tx-${withdrawal.id}`, pattern: '[0-9a-f]{64}' })),
                actionForm(csrf, `${action}/reject`, 'Reject', inlineInput('reason', 'Reason', { id: `reason-${withdrawal.id}` }), 'danger'),
              ].join('');
        return [
          code(withdrawal.id),
          escapeHtml(withdrawal.merchant_code ?? ''),
          escapeHtml(withdrawal.environment),
          `${escapeHtml(withdrawal.amount)} ${escapeHtml(withdrawal.currency)}`,
          `${escapeHtml(withdrawal.usdt_amount)} USDT`,
          code(withdrawal.address),
          escapeHtml(withdrawal.requested_at),
          escapeHtml(withdrawal.approved_by ?? '—'),
          actions,
        ];
      });
      const filters = filterForm(PATH, [
        { name: 'status', label: 'Status', values: WITHDRAWAL_STATUSES, selected: shown },
        { name: 'environment', label: 'Environment', values: ENVIRONMENTS, selected: environment, any: 'Both' },
      ]);
      const body = `${filters}${table('Withdrawals', ['ID', 'Merchant', 'Environment', 'Amount', 'USDT', 'Address', 'Requested', 'Approved by', 'Actions'], rows, 'No withdrawals in this state.')}${pager(PATH, filtersOf({ status: shown, environment }), result.meta)}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), 'Withdrawals', body, doneNotice(query)));
    });
  }

  @Post(':id/approve')
  approve(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'money', PATH, (current) =>
      this.decide(current, request, { id: parseOrReject(IdSchema, id), action: 'approve' }, 'approved'),
    );
  }

  @Post(':id/send')
  send(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'money', PATH, (current, form) => {
      const { tx_hash } = parseOrReject(z.object({ tx_hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters') }), {
        tx_hash: form.tx_hash?.trim(),
      });
      return this.decide(current, request, { id: parseOrReject(IdSchema, id), action: 'send', tx_hash }, 'sent');
    });
  }

  @Post(':id/reject')
  reject(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'money', PATH, (current, form) =>
      this.decide(current, request, { id: parseOrReject(IdSchema, id), action: 'reject', reason: form.reason ?? '' }, 'rejected'),
    );
  }

  /** Payouts applies the four-eyes rule to the operator named here and writes the audit entry with the change. */
  private async decide(current: SignedIn, request: FastifyRequest, decision: Record<string, unknown>, done: Done): Promise<Done> {
    await this.commands.send(current, request, DecideWithdrawal, decision);
    return done;
  }
}
