import { Body, Controller, Delete, HttpCode, Inject, Param, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ClearMaintenance,
  MAINTAINABLE_SERVICES,
  ServiceStatusItemSchema,
  SetMaintenance,
  text,
  Errors,
  type MaintainableService,
  type ServiceStatusItem,
} from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { LOGGER, MaintenanceFlags } from '@platform/service-kit';
import { RpcClient } from '@platform/messaging';
import { OperatorRoute } from '../openapi/api-route.decorator';
import { parseOrReject } from '../validation/parse-or-reject';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminReadAuditInterceptor } from './admin-read-audit.interceptor';

const ServiceSchema = z.enum(MAINTAINABLE_SERVICES);
const PUBLIC_STATUS_WAIT_MS = 5000;
const MaintenanceBodySchema = z
  .object({
    until: z.string().datetime({ message: 'must be an ISO 8601 UTC date-time' }).nullable().optional(),
    note: text({ max: 240 }).nullable().optional(),
  })
  .strict();

/** Maintenance switches: new operations of a service in maintenance are refused everywhere within seconds. */
@Controller('admin/v1/maintenance')
@UseGuards(AdminAuthGuard)
@UseInterceptors(AdminReadAuditInterceptor)
export class AdminMaintenanceController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly maintenance: MaintenanceFlags,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The operator's answer waits until this gateway's public status shows the change (it reads the
   * status service's topic, ADR 0040), so the status they check next is the one they set; other
   * replicas show it within moments. The change is committed either way.
   */
  private async shownPublicly(service: MaintainableService, expected: ServiceStatusItem | null): Promise<void> {
    if (!(await this.maintenance.shown(service, expected, PUBLIC_STATUS_WAIT_MS))) {
      this.logger.warn({ service, wait_ms: PUBLIC_STATUS_WAIT_MS }, 'maintenance change not yet in the public status');
    }
  }

  @Put(':service')
  @OperatorRoute({
    may: 'platform',
    summary: 'Put a service in maintenance, with an estimated return time and a note (at most 240 characters)',
    body: MaintenanceBodySchema,
    responses: { 200: { description: 'The service as the public status lists it', schema: ServiceStatusItemSchema } },
    errors: [Errors.RequestSchemaInvalid],
  })
  async set(@Param('service') service: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const name = parseOrReject(ServiceSchema, service);
    const { until, note } = parseOrReject(MaintenanceBodySchema, body ?? {});
    const result = await this.rpc.request(
      SetMaintenance,
      { service: name, until: until ?? null, note: note ?? null, operator: request.operator! },
      { correlationId: request.correlationId },
    );
    await this.shownPublicly(name, result.after);
    return result.after;
  }

  @Delete(':service')
  @HttpCode(204)
  @OperatorRoute({
    may: 'platform',
    summary: 'End the maintenance of a service',
    responses: { 204: { description: 'Ended (also when it was not in maintenance)' } },
    errors: [Errors.RequestSchemaInvalid],
  })
  async clear(@Param('service') service: string, @Req() request: FastifyRequest): Promise<void> {
    const name = parseOrReject(ServiceSchema, service);
    await this.rpc.request(ClearMaintenance, { service: name, operator: request.operator! }, { correlationId: request.correlationId });
    await this.shownPublicly(name, null);
  }
}
