import { randomUUID } from 'node:crypto';
import type { EventContract, TopicName } from '@platform/contracts';
import { assertIdentifier, ChangeSignals, type SqlExecutor } from '@platform/persistence';
import { currentCorrelationId, traceHeaders } from '@platform/observability';

export interface OutboxEntry<P> {
  event: EventContract<P>;
  key: string;
  payload: P;
  eventId?: string;
  occurredAt?: Date;
}

/** The channel a relay listens on to wake as soon as something is written. */
export function outboxChannel(schema: string): string {
  return `outbox_${assertIdentifier(schema)}`;
}

/**
 * Writes events into the service's outbox inside the caller's transaction: the event
 * exists exactly when the change that caused it was committed.
 */
export class OutboxWriter {
  constructor(private readonly schema: string) {
    assertIdentifier(schema);
  }

  async append<P>(tx: SqlExecutor, entry: OutboxEntry<P>): Promise<string> {
    const payload = entry.event.payload.parse(entry.payload);
    const eventId = entry.eventId ?? randomUUID();
    const correlationId = currentCorrelationId();
    await tx.query(
      `INSERT INTO ${this.schema}.outbox (event_id, topic, message_key, event_type, payload, headers, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        eventId,
        entry.event.topic satisfies TopicName,
        entry.key,
        entry.event.type,
        JSON.stringify(payload),
        JSON.stringify({ ...traceHeaders(), ...(correlationId ? { 'correlation-id': correlationId } : {}) }),
        (entry.occurredAt ?? new Date()).toISOString(),
      ],
    );
    await ChangeSignals.signal(tx, outboxChannel(this.schema));
    return eventId;
  }
}
