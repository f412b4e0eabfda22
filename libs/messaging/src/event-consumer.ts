import type { Consumer, KafkaMessage } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { EventEnvelopeSchema, type EventContract } from '@platform/contracts';
import { assertIdentifier, queryRows, type SqlExecutor } from '@platform/persistence';
import { acceptOrCreateCorrelationId, runWithContext, type Logger } from '@platform/observability';
import { Headers, readHeader } from './headers';
import type { KafkaConnection } from './kafka-connection';

export interface ReceivedEvent<P> {
  eventId: string;
  eventType: string;
  occurredAt: string;
  payload: P;
}

type Handler = (event: ReceivedEvent<unknown>, tx: SqlExecutor) => Promise<void>;

/**
 * Applies events exactly once: the event id goes into the inbox in the same
 * transaction as the handler's effect, so a redelivered event finds its id there
 * and changes nothing. Offsets are committed only after that transaction.
 */
export class EventConsumer {
  private readonly handlers = new Map<string, { contract: EventContract<unknown>; handler: Handler }>();
  private consumer?: Consumer;
  private readonly schema: string;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly dataSource: DataSource,
    schema: string,
    private readonly consumerName: string,
    private readonly logger: Logger,
  ) {
    this.schema = assertIdentifier(schema);
  }

  on<P>(contract: EventContract<P>, handler: (event: ReceivedEvent<P>, tx: SqlExecutor) => Promise<void>): void {
    if (this.consumer) throw new Error('register handlers before start()');
    this.handlers.set(contract.type, { contract: contract as EventContract<unknown>, handler: handler as Handler });
  }

  async start(options: { fromBeginning?: boolean } = {}): Promise<void> {
    if (this.handlers.size === 0) return;
    const topics = [...new Set([...this.handlers.values()].map((h) => this.connection.topic(h.contract.topic)))];
    const consumer = this.connection.consumer(this.consumerName);
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? true });
    await consumer.run({ eachMessage: async ({ message }) => this.apply(message) });
  }

  private async apply(message: KafkaMessage): Promise<void> {
    const parsed = EventEnvelopeSchema.safeParse(safeJson(message.value?.toString()));
    if (!parsed.success) {
      this.logger.error({ offset: message.offset, issues: parsed.error.issues }, 'malformed event skipped');
      return;
    }
    const envelope = parsed.data;
    const registration = this.handlers.get(envelope.event_type);
    if (!registration) return;
    const payload = registration.contract.payload.safeParse(envelope.payload);
    if (!payload.success) {
      this.logger.error({ event_id: envelope.event_id, issues: payload.error.issues }, 'event payload invalid; skipped');
      return;
    }
    const correlationId = acceptOrCreateCorrelationId(readHeader(message.headers, Headers.correlationId));
    await runWithContext({ correlationId }, () =>
      this.dataSource.transaction(async (tx) => {
        const fresh = await queryRows(
          tx,
          `INSERT INTO ${this.schema}.inbox (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [this.consumerName, envelope.event_id],
        );
        if (fresh.length === 0) {
          this.logger.debug({ event_id: envelope.event_id }, 'duplicate event ignored');
          return;
        }
        await registration.handler(
          { eventId: envelope.event_id, eventType: envelope.event_type, occurredAt: envelope.occurred_at, payload: payload.data },
          tx,
        );
      }),
    );
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }
}

function safeJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
