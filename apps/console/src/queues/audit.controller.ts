import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuditLogQuerySchema, OperatorListAuditLog } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { escapeHtml, sendHtml } from '@platform/web-auth';
import { ConsoleGate, chromeOf } from '../auth/console-gate';
import { code, consolePage, pager, table } from '../pages/layout';
import { filtersOf, listQuery } from './list-query';

const PATH = '/audit';
const compact = (value: unknown) => (value === null || value === undefined ? '—' : code(JSON.stringify(value)));

/** Every operator change, newest first, with who made it (a console operator, a token, a service): by target, action, actor and time. */
@Controller('audit')
export class AuditController {
  constructor(
    private readonly gate: ConsoleGate,
    private readonly rpc: RpcClient,
  ) {}

  @Get()
  list(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.gate.page(request, reply, async (current) => {
      const filters = listQuery(AuditLogQuerySchema, query);
      const result = await this.rpc.request(OperatorListAuditLog, filters, { correlationId: request.correlationId });
      const rows = result.data.map((entry) => [
        escapeHtml(entry.occurred_at),
        escapeHtml(entry.actor),
        escapeHtml(entry.action),
        code(entry.target),
        compact(entry.before),
        compact(entry.after),
      ]);
      const input = (name: keyof typeof filters, label: string, hint: string) =>
        `<div><label for="filter-${name}">${label}</label><input id="filter-${name}" name="${name}" placeholder="${escapeHtml(hint)}" value="${escapeHtml(filters[name] ?? '')}"></div>`;
      const form = `<form method="get" action="${PATH}" class="filters card">${input('target', 'Target', 'MRC-123456 or a path below it')}${input('action', 'Action', 'withdrawal.send')}${input('actor', 'Actor', 'console:… or token:…')}${input('from', 'From', '2026-11-01T00:00:00Z')}${input('to', 'To', '2026-12-01T00:00:00Z')}<div><button type="submit" class="secondary">Show</button></div></form>`;
      const { page: _page, per_page: _perPage, ...kept } = filters;
      const body = `${form}${table('Audit log', ['When', 'Actor', 'Action', 'Target', 'Before', 'After'], rows, 'No entries match.')}${pager(PATH, filtersOf(kept), result.meta)}`;
      sendHtml(reply, 200, consolePage(chromeOf(current, PATH), 'Audit log', body));
    });
  }
}
