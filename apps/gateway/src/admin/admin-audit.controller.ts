import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
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
}).strict();

/** The append-only record of operator calls, newest first; `target` narrows to a merchant (and its environments). */
@Controller('admin/v1/audit-log')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @OperatorRoute({
    summary: 'Read the operator audit log, newest first',
    query: AuditQuerySchema,
    responses: { 200: { description: '{data, meta}' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown): Promise<Page<AuditRecord>> {
    const { page, per_page, target, action } = parseOrReject(AuditQuerySchema, query);
    return this.audit.list({ target, action }, page, per_page);
  }
}
