import { z } from 'zod';

/** An Idempotency-Key as the API takes it: 1 to 255 visible ASCII characters. */
export const IdempotencyKeyTextSchema = z.string({ required_error: 'is required' }).regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters');

export function isIdempotencyKey(value: unknown): value is string {
  return IdempotencyKeyTextSchema.safeParse(value).success;
}
