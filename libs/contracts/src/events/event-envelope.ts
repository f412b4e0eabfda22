import { z } from 'zod';
import type { TopicName } from '../topics';

/** What every domain event carries on Kafka, whatever its payload. */
export const EventEnvelopeSchema = z.object({
  event_id: z.string().uuid(),
  event_type: z.string().min(1),
  occurred_at: z.string(),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

/** An earlier version of an event: its type name, and a schema that reads its payload as the current version. */
export interface EventPredecessor<P> {
  readonly type: string;
  readonly payload: z.ZodType<P, z.ZodTypeDef, unknown>;
}

/** A domain event type: the topic it travels on, the schema of its payload, and the versions it replaced. */
export interface EventContract<P> {
  readonly type: string;
  readonly topic: TopicName;
  readonly payload: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** Consumers read these too, upcast to this version, while older events may still be on the topic. */
  readonly predecessors?: readonly EventPredecessor<P>[];
}

export function defineEvent<P>(contract: EventContract<P>): EventContract<P> {
  return contract;
}

/** The earlier version `type` of an event, read through `upcast` (a schema that transforms to the current payload). */
export function predecessor<P>(type: string, upcast: z.ZodType<P, z.ZodTypeDef, unknown>): EventPredecessor<P> {
  return { type, payload: upcast };
}
