import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { RateLimits } from '../rate-limit/rate-limits';
import { callerBucket } from '@platform/service-kit';

const PUBLIC_STATUS_PATH = '/api/v3/service-status';

/**
 * The path the router serves: the route's own pattern when one matched (so `/%61pi/...`
 * counts as the `/api/...` it reaches), else the decoded path.
 */
function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Counts every merchant-API and operator-API request by caller address (an IPv6 caller by
 * its /64) before anything else runs, authentication included; the public service status
 * and the operator API have limits of their own.
 */
export function installEdgeRateLimit(app: NestFastifyApplication): void {
  const limits = app.get(RateLimits);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest, reply) => {
      const path = routedPath(request);
      const kind = path === PUBLIC_STATUS_PATH ? 'status' : path.startsWith('/api/') ? 'ip' : path.startsWith('/admin/') ? 'admin' : null;
      if (kind) await limits.enforce(kind, callerBucket(request.ip), reply);
    });
}
