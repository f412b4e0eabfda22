import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DecideReversal, ENVIRONMENTS, OperatorListReversals, PagingQuerySchema, REVERSAL_STATUSES } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { escapeHtml, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice, type Done } from '../auth/console-gate';
import type { SignedIn } from '../auth/operator-auth.service';
import { actionForm, code, consolePage, filterForm, inlineInput, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';
import { OperatorCommands } from './operator-commands';

const OPERATIONS = ['refund', 'void'] as const;
const QuerySchema = PagingQuerySchema.extend({
  status: z.enum(REVERSAL_STATUSES).optional(),
  operation_type: z.enum(OPERATIONS).optional(),
  environment: z.enum(ENVIRONMENTS).optional(),
}).strict();
const IdSchema = z.string().uuid('must be a UUID');
const PATH = '/reversals';

/** Refunds and voids of every merchant: approve, complete with the provider's reference, reject or cancel (four eyes on completion). */
@Controller('reversals')
export class ReversalsController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const { page, per_page, status, operation_type, environment } = listQuery(QuerySchema, query);
      const shown = status ?? 'requested';
      const result = await this.rpc.request(
        OperatorListReversals,
        { page, per_page, status: shown, operation_type: operation_type ?? null, environment },
        { correlationId: request.correlationId },
      );
      const csrf = current.session.csrf_token;
      const rows = result.data.map((reversal) => {
        const action = `${PATH}/${reversal.id}`;
        const open = reversal.status === 'requested' || reversal.status === 'awaiting_provider_manual';
        const actions = !open
          ? escapeHtml(reversal.provider_reference ?? '')
          : [
              reversal.status === 'requested' ? actionForm(csrf, `${action}/approve`, 'Approve', '', 'secondary') : '',
              reversal.status === 'awaiting_provider_manual'
                ? actionForm(csrf, `${action}/complete`, 'Complete', inlineInput('provider_reference', 'Provider reference', { id: `ref-${reversal.id}` }))
                : '',
              actionForm(csrf, `${action}/reject`, 'Reject', '', 'danger'),
              actionForm(csrf, `${action}/cancel`, 'Cancel', '', 'danger'),
            ].join('');
        return [
          code(reversal.id),
          escapeHtml(reversal.merchant_code ?? ''),
          escapeHtml(reversal.environment),
          escapeHtml(reversal.operation),
          code(reversal.payment_code ?? ''),
          `${escapeHtml(reversal.amount)} ${escapeHtml(reversal.currency)}`,
          escapeHtml(reversal.reason),
          escapeHtml(reversal.status),
          escapeHtml(reversal.approved_by ?? '—'),
          actions,
        ];
      });
      const filters = filterForm(PATH, [
        { name: 'status', label: 'Status', values: REVERSAL_STATUSES, selected: shown },
        { name: 'operation_type', label: 'Operation', values: OPERATIONS, selected: operation_type, any: 'Both' },
        { name: 'environment', label: 'Environment', values: ENVIRONMENTS, selected: environment, any: 'Both' },
      ]);
      const headings = ['ID', 'Merchant', 'Environment', 'Operation', 'Payment', 'Amount', 'Reason', 'Status', 'Approved by', 'Actions'];
      const body = `${filters}${table('Refunds and voids', headings, rows, 'No refunds or voids in this state.')}${pager(PATH, filtersOf({ status: shown, operation_type, environment }), result.meta)}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), 'Refunds and voids', body, doneNotice(query)));
    });
  }

  @Post(':id/:action')
  decide(
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.gate.change(request, reply, body, 'money', PATH, async (current: SignedIn, form) => {
      await this.commands.send(current, request, DecideReversal, {
        id: parseOrReject(IdSchema, id),
        action,
        ...(action === 'complete' ? { provider_reference: form.provider_reference?.trim() ?? '' } : {}),
      });
      // The contract admitted only these four actions.
      const done: Record<string, Done> = { approve: 'approved', complete: 'completed', reject: 'rejected', cancel: 'cancelled' };
      return done[action]!;
    });
  }
}
