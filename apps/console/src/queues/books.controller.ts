import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ListParkedEvents, ParkedEventsQuerySchema, ReplayParkedEvent, TrialBalance } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { escapeHtml, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf, doneNotice } from '../auth/console-gate';
import { OperatorCommands } from './operator-commands';
import { actionForm, code, consolePage, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';

const PARKED = '/parked-events';

/** The books: money events the ledger parked (read why, replay once fixed) and the trial balance. */
@Controller()
export class BooksController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
    private readonly commands: OperatorCommands,
  ) {}

  @Get('parked-events')
  parked(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const filters = listQuery(ParkedEventsQuerySchema, query);
      const { data, meta } = await this.rpc.request(ListParkedEvents, filters, { correlationId: request.correlationId });
      const rows = data.map((event) => [
        code(event.id),
        escapeHtml(event.event_type ?? 'unreadable'),
        code(event.event_id ?? ''),
        `${escapeHtml(event.topic)} ${event.partition}/${escapeHtml(event.offset)}`,
        escapeHtml(event.reason),
        String(event.failures),
        escapeHtml(event.parked_at),
        // An unreadable message cannot be replayed: it waits for an engineer.
        event.event_type ? actionForm(current.session.csrf_token, `/parked-events/${event.id}/replay`, 'Replay') : 'cannot be read',
      ]);
      const form = `<form method="get" action="${PARKED}" class="filters card"><div><label for="filter-event_id">Event ID</label><input id="filter-event_id" name="event_id" placeholder="the event's UUID" value="${escapeHtml(filters.event_id ?? '')}"></div><div><button type="submit" class="secondary">Show</button></div></form>`;
      const { page: _page, per_page: _perPage, ...kept } = filters;
      const body = `<p>Events the ledger could not apply are parked here instead of blocking the ones behind them. Fix the cause, then replay: an event is applied exactly once.</p>${form}${table(
        'Parked events',
        ['ID', 'Event', 'Event ID', 'Where', 'Why', 'Failures', 'Parked at', 'Replay'],
        rows,
        filters.event_id ? 'No parked event has this event ID.' : 'No parked events.',
      )}${meta ? pager(PARKED, filtersOf(kept), meta) : ''}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PARKED), 'Parked events', body, doneNotice(query)));
    });
  }

  @Post('parked-events/:id/replay')
  replay(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.change(request, reply, body, 'money', '/parked-events', async (current) => {
      const parked = parseOrReject(z.string().regex(/^\d{1,18}$/, 'must be the number of a parked event'), id);
      await this.commands.send(current, request, ReplayParkedEvent, { id: parked });
      return 'replayed';
    });
  }

  @Get('trial-balance')
  trialBalance(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const books = await this.rpc.request(TrialBalance, {}, { correlationId: request.correlationId });
      const verdict = books.balanced
        ? '<div class="notice success" role="status" data-balanced="true">The books balance: every transaction sums to zero per currency and every running total equals its postings.</div>'
        : '<div class="notice error" role="alert" data-balanced="false">The books do not balance. The transactions and accounts below need an engineer now.</div>';
      const totals = table(
        'Totals per currency',
        ['Currency', 'Sum of postings'],
        books.totals.map((total) => [escapeHtml(total.currency_code), code(total.sum)]),
        'No postings yet.',
      );
      const problems = [
        ...books.unbalanced_transactions.map((id) => `<li>Transaction ${code(id)} does not sum to zero</li>`),
        ...books.mismatched_accounts.map((id) => `<li>Account ${code(id)}: running total differs from its postings</li>`),
      ].join('');
      const body = `${verdict}<p>${books.transactions} transactions, ${books.postings} postings.</p>${totals}${problems ? `<h2>Problems</h2><ul>${problems}</ul>` : ''}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, '/trial-balance'), 'Trial balance', body));
    });
  }
}
