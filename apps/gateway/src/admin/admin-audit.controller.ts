import { Controller, Get, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { AuditLogQuerySchema, Errors } from '@platform/contracts';
import { AuditService } from '../merchants/audit.service';
import type { AuditRecord } from '../merchants/audit.repository';
import type { Page } from '../validation/paging';
import { parseOrReject } from '../validation/parse-or-reject';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

/** The append-only record of operator calls, newest first; narrowed by target (a merchant and what is below it), action, actor and time. */
@Controller('admin/v1/audit-log')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @OperatorRoute({
    summary: 'Read the operator audit log, newest first; filter by target, action, actor and time [from, to)',
    query: AuditLogQuerySchema,
    responses: { 200: { description: '{data, meta}' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  list(@Query() query: unknown): Promise<Page<AuditRecord>> {
    const { page, per_page, ...filter } = parseOrReject(AuditLogQuerySchema, query);
    return this.audit.list(filter, page, per_page);
  }
}
