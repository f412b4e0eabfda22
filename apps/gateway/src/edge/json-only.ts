import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from '@platform/contracts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Every API and operator body is JSON: anything else is refused with 415 1000007 before it is parsed. */
export function installJsonOnly(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest) => {
      if (!hasBody(request)) return;
      if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
        throw new ApiError(Errors.RequestContentTypeUnsupported, 'Send the body as application/json');
      }
    });
}
