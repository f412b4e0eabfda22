import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { ServiceStatusItemSchema, type ServiceStatusItem } from '@platform/contracts';
import { MaintenanceFlags } from '@platform/service-kit';
import { ApiRoute } from '../openapi/api-route.decorator';

/**
 * Public and unsigned: which services are in maintenance. Answered from the gateway's copy of
 * the status service's compacted maintenance topic (ADR 0040): it keeps answering while the
 * status service is down, which is when merchants look.
 */
@Controller('api/v3/service-status')
export class V3ServiceStatusController {
  constructor(private readonly maintenance: MaintenanceFlags) {}

  @Get()
  @ApiRoute({
    summary: 'Services in maintenance (public, unsigned)',
    tag: 'Payments API v3',
    security: 'none',
    responses: { 200: { description: 'The list is empty when nothing is in maintenance', schema: z.object({ data: z.array(ServiceStatusItemSchema) }) } },
  })
  status(): { data: ServiceStatusItem[] } {
    return { data: this.maintenance.inMaintenance() };
  }
}
