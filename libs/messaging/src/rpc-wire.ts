import { z } from 'zod';
import { isErrorCode, type WireError } from '@platform/contracts';

/** A reply on the wire: the handler's result, or the platform error it threw. */
export type RpcReply = { ok: true; result: unknown } | { ok: false; error: WireError };

const WireErrorSchema = z.object({
  code: z.string().refine(isErrorCode, 'unknown error code'),
  status: z.number().int(),
  detail: z.string().optional(),
  extras: z.record(z.unknown()).default({}),
});

export const RpcReplySchema = z.union([z.object({ ok: z.literal(true), result: z.unknown() }), z.object({ ok: z.literal(false), error: WireErrorSchema })]);

export function parseRpcReply(raw: string): RpcReply {
  return RpcReplySchema.parse(JSON.parse(raw)) as RpcReply;
}
