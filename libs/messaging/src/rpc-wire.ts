import { Histogram, type Registry } from 'prom-client';
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

/** Command round trips: a few milliseconds on a healthy platform, up to the callers' timeouts. */
const RPC_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Durations of commands by command and outcome, on the sending (`client`) or handling (`server`) side. */
export function commandDurations(registry: Registry | undefined, side: 'client' | 'server', help: string): Histogram<'command' | 'outcome'> | undefined {
  if (!registry) return undefined;
  return new Histogram({ name: `rpc_${side}_duration_seconds`, help, labelNames: ['command', 'outcome'], buckets: RPC_BUCKETS, registers: [registry] });
}
