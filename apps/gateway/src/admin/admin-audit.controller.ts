import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { z } from 'zod';
import { text, Errors } from '@platform/contracts';
import { AuditService } from '../merchants/audit.service';
import type { AuditRecord } from '../merchants/audit.repository';
import { PagingQuerySchema, type Page } from '../validation/paging';
import { parseOrReject } from '../validation/parse-or-reject';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const AuditQuerySchema = PagingQuerySchema.extend({
  target: text({ max: 200 }).optional(),
  action: text({ max: 100 }).optional(),
  /** Exactly as recorded: `token:<name>`, `admin-token`, or a service's name. */
  actor: text({ min: 1, max: 200 }).optional(),
  from: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).optional(),
  to: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).optional(),
}).strict();

/** The append-only record of operator calls, newest first; narrowed by target (a merchant and what is below it), action, actor and time. */
@Controller('admin/v1/audit-log')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @OperatorRoute({
    summary: 'Read the operator audit log, newest first; filter by target, action, actor and time [from, to)',
    query: AuditQuerySchema,
    responses: { 200: { description: '{data, meta}' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown): Promise<Page<AuditRecord>> {
    const { page, per_page, ...filter } = parseOrReject(AuditQuerySchema, query);
    return this.audit.list(filter, page, per_page);
  }
}
