import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The Idempotency-Key every v3 POST requires. */
export const IdempotencyKeySchema = z.object({
  'idempotency-key': z.string({ required_error: 'is required' }).regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters'),
});

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}
