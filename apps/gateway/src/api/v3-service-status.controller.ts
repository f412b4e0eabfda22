import { Controller, Get, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GetServiceStatus, ServiceStatusItemSchema, type ServiceStatusItem } from '@platform/contracts';
import { ApiRoute } from '../openapi/api-route.decorator';
import { RpcClient } from '@platform/messaging';

/** Public and unsigned: which services are in maintenance. */
@Controller('api/v3/service-status')
export class V3ServiceStatusController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiRoute({
    summary: 'Services in maintenance (public, unsigned)',
    tag: 'Payments API v3',
    security: 'none',
    responses: { 200: { description: 'The list is empty when nothing is in maintenance', schema: z.object({ data: z.array(ServiceStatusItemSchema) }) } },
  })
  async status(@Req() request: FastifyRequest): Promise<{ data: ServiceStatusItem[] }> {
    return { data: await this.rpc.request(GetServiceStatus, {}, { correlationId: request.correlationId }) };
  }
}
