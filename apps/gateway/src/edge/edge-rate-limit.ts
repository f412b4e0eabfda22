import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../rate-limit/rate-limits';

const PUBLIC_STATUS_PATH = '/api/v3/service-status';

/**
 * Counts every merchant-API request by caller address before anything else runs
 * (authentication included); the public service status has a limit of its own.
 */
export function installEdgeRateLimit(app: NestFastifyApplication): void {
  const limits = app.get(RateLimits);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const path = request.url.split('?')[0];
      await limits.enforce(path === PUBLIC_STATUS_PATH ? 'status' : 'ip', request.ip, reply);
    });
}
