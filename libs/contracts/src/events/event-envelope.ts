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

/** A domain event type: the topic it travels on and the schema of its payload. */
export interface EventContract<P> {
  readonly type: string;
  readonly topic: TopicName;
  readonly payload: z.ZodType<P, z.ZodTypeDef, unknown>;
}

export function defineEvent<P>(contract: EventContract<P>): EventContract<P> {
  return contract;
}
