import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OperatorListDisputes, OperatorListReversals, OperatorListWithdrawals } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf } from '../auth/console-gate';
import { consolePage, table } from '../pages/layout';

/** What waits for an operator: the queues' lengths, each a link to its list. */
@Controller()
export class OverviewController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
  ) {}

  @Get()
  overview(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const meta = { correlationId: request.correlationId };
      const first = { page: 1, per_page: 1 };
      const [withdrawals, refunds, approved, disputes] = await Promise.all([
        this.rpc.request(OperatorListWithdrawals, { ...first, status: 'requested' }, meta),
        this.rpc.request(OperatorListReversals, { ...first, status: 'requested', operation_type: null }, meta),
        this.rpc.request(OperatorListReversals, { ...first, status: 'awaiting_provider_manual', operation_type: null }, meta),
        this.rpc.request(OperatorListDisputes, { ...first, status: 'open' }, meta),
      ]);
      const rows = [
        ['<a href="/withdrawals?status=requested">Withdrawals to send or reject</a>', String(withdrawals.meta.total)],
        ['<a href="/reversals?status=requested">Refunds and voids to review</a>', String(refunds.meta.total)],
        ['<a href="/reversals?status=awaiting_provider_manual">Refunds and voids to complete at the terminal</a>', String(approved.meta.total)],
        ['<a href="/disputes?status=open">Open disputes</a>', String(disputes.meta.total)],
      ];
      sendHtml(reply, 200, consolePage(chromeOf(current, '/'), 'Overview', table('Queues', ['Queue', 'Waiting'], rows)));
    });
  }
}
