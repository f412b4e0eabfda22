import type { Consumer, KafkaMessage } from 'kafkajs';
import { Counter, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { ApiError, EventEnvelopeSchema, type EventContract, Errors, pageOf, type Page } from '@platform/contracts';
import { assertIdentifier, queryRows, type SqlExecutor } from '@platform/persistence';
import { acceptOrCreateCorrelationId, inSpan, runWithContext, SpanKind, type Logger } from '@platform/observability';
import { Headers, readHeader, traceCarrier } from './headers';
import type { KafkaConnection } from './kafka-connection';
import { reportConsumerLag } from './consumer-lag-metric';

export interface ReceivedEvent<P> {
  eventId: string;
  eventType: string;
  occurredAt: string;
  payload: P;
}

type Handler = (event: ReceivedEvent<unknown>, tx: SqlExecutor) => Promise<void>;

export interface ParkedEvent {
  id: string;
  event_id: string | null;
  event_type: string | null;
  topic: string;
  partition: number;
  offset: string;
  reason: string;
  failures: number;
  parked_at: string;
  replayed_at: string | null;
}

interface Position {
  topic: string;
  partition: number;
  offset: string;
}

/** A handler failing this often on one message has the message parked instead of blocking its partition. */
export const PARK_AFTER_FAILURES = 5;

/**
 * Applies events exactly once: the event id goes into the inbox in the same
 * transaction as the handler's effect, so a redelivered event finds its id there
 * and changes nothing. Offsets are committed only after that transaction. A message
 * that cannot be read, or whose handler keeps failing, is parked (never skipped
 * silently, never blocking its partition), counted, and can be replayed. The inbox and the
 * parked events are keyed by the logical consumer name, not by the broker's group id (which
 * carries KAFKA_TOPIC_PREFIX): a group renamed by a prefix reads its topics from the start
 * again and finds every event it applied already in the inbox.
 */
export class EventConsumer {
  private readonly handlers = new Map<string, { contract: EventContract<unknown>; handler: Handler }>();
  private consumer?: Consumer;
  private readonly schema: string;
  private readonly failures = new Map<string, number>();
  private readonly parkedCounter?: Counter<'consumer' | 'event_type' | 'reason'>;
  private readonly consumedCounter?: Counter<'consumer' | 'event_type' | 'outcome'>;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly dataSource: DataSource,
    schema: string,
    private readonly consumerName: string,
    private readonly logger: Logger,
    registry?: Registry,
  ) {
    this.schema = assertIdentifier(schema);
    this.parkedCounter = registry
      ? new Counter({
          name: 'events_parked_total',
          help: 'Events parked instead of applied',
          labelNames: ['consumer', 'event_type', 'reason'],
          registers: [registry],
        })
      : undefined;
    if (registry) reportConsumerLag(registry, connection, logger, { consumer: consumerName, topics: () => this.topics });
    this.consumedCounter = registry
      ? new Counter({
          name: 'events_consumed_total',
          help: 'Events handled, by outcome: applied, duplicate (already in the inbox, skipped), failed (to be retried)',
          labelNames: ['consumer', 'event_type', 'outcome'],
          registers: [registry],
        })
      : undefined;
  }

  private topics: string[] = [];

  on<P>(contract: EventContract<P>, handler: (event: ReceivedEvent<P>, tx: SqlExecutor) => Promise<void>): void {
    if (this.consumer) throw new Error('register handlers before start()');
    this.handlers.set(contract.type, { contract: contract as EventContract<unknown>, handler: handler as Handler });
    // An earlier version still on the topic reaches the same handler, read as the current version.
    for (const earlier of contract.predecessors ?? []) {
      this.handlers.set(earlier.type, {
        contract: { ...contract, type: earlier.type, payload: earlier.payload } as EventContract<unknown>,
        handler: handler as Handler,
      });
    }
  }

  async start(options: { fromBeginning?: boolean } = {}): Promise<void> {
    if (this.handlers.size === 0) return;
    const topics = [...new Set([...this.handlers.values()].map((h) => this.connection.topic(h.contract.topic)))];
    this.topics = topics;
    const consumer = this.connection.consumer(this.consumerName);
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: options.fromBeginning ?? true });
    await consumer.run({ eachMessage: async ({ topic, partition, message }) => this.apply(message, { topic, partition, offset: message.offset }) });
  }

  private async apply(message: KafkaMessage, position: Position): Promise<void> {
    const text = message.value?.toString();
    const parsed = EventEnvelopeSchema.safeParse(safeJson(text));
    if (!parsed.success) return this.park(position, text, null, null, 'malformed envelope', 1);
    const envelope = parsed.data;
    const registration = this.handlers.get(envelope.event_type);
    if (!registration) return;
    const payload = registration.contract.payload.safeParse(envelope.payload);
    if (!payload.success)
      return this.park(
        position,
        text,
        envelope.event_id,
        envelope.event_type,
        `invalid payload: ${payload.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
        1,
      );
    const correlationId = acceptOrCreateCorrelationId(readHeader(message.headers, Headers.correlationId));
    const key = `${position.topic}:${position.partition}:${position.offset}`;
    try {
      await inSpan(
        `consume ${envelope.event_type}`,
        { kind: SpanKind.CONSUMER, parentHeaders: traceCarrier(message.headers), attributes: { 'messaging.destination.name': position.topic } },
        () => runWithContext({ correlationId }, () => this.applyOnce(registration.handler, envelope, payload.data)),
      ).then(
        (applied) => this.consumedCounter?.inc({ consumer: this.consumerName, event_type: envelope.event_type, outcome: applied ? 'applied' : 'duplicate' }),
        (error: unknown) => {
          this.consumedCounter?.inc({ consumer: this.consumerName, event_type: envelope.event_type, outcome: 'failed' });
          throw error;
        },
      );
      this.failures.delete(key);
    } catch (error) {
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      if (failures < PARK_AFTER_FAILURES) throw error; // retried: the cause may pass (settings, a rate on its way)
      this.failures.delete(key);
      await this.park(position, text, envelope.event_id, envelope.event_type, error instanceof Error ? error.message : String(error), failures);
    }
  }

  /** The handler's effect and the inbox row in one transaction; false for an event applied before. */
  private applyOnce(handler: Handler, envelope: { event_id: string; event_type: string; occurred_at: string }, payload: unknown): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const fresh = await queryRows(
        tx,
        `INSERT INTO ${this.schema}.inbox (consumer, event_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [this.consumerName, envelope.event_id],
      );
      if (fresh.length === 0) {
        this.logger.debug({ event_id: envelope.event_id }, 'duplicate event ignored');
        return false;
      }
      await handler({ eventId: envelope.event_id, eventType: envelope.event_type, occurredAt: envelope.occurred_at, payload }, tx);
      return true;
    });
  }

  private async park(
    position: Position,
    message: string | undefined,
    eventId: string | null,
    eventType: string | null,
    reason: string,
    failures: number,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.schema}.parked_events (consumer, event_id, event_type, topic, partition, message_offset, message, reason, failures)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [this.consumerName, eventId, eventType, position.topic, position.partition, position.offset, message ?? null, reason.slice(0, 2000), failures],
    );
    this.parkedCounter?.inc({ consumer: this.consumerName, event_type: eventType ?? 'unknown', reason: failures > 1 ? 'handler_failed' : 'unreadable' });
    this.logger.error({ event_id: eventId, event_type: eventType, ...position, failures, reason }, 'event parked');
  }

  /** Parked events still waiting, oldest first, a page at a time; or the one whose event id is given. */
  async parked(query: { page?: number; perPage?: number; eventId?: string } = {}): Promise<Page<ParkedEvent>> {
    const { page = 1, perPage = 100, eventId } = query;
    const where = `consumer = $1 AND replayed_at IS NULL AND ($2::text IS NULL OR event_id = $2)`;
    const params = [this.consumerName, eventId ?? null];
    const [rows, [count]] = await Promise.all([
      queryRows<ParkedEvent & { message_offset: string; parked_at: Date }>(
        this.dataSource,
        `SELECT id::text, event_id, event_type, topic, partition, message_offset, reason, failures, parked_at
           FROM ${this.schema}.parked_events WHERE ${where} ORDER BY parked_events.id LIMIT $3 OFFSET $4`,
        [...params, perPage, (page - 1) * perPage],
      ),
      queryRows<{ total: number }>(this.dataSource, `SELECT count(*)::int AS total FROM ${this.schema}.parked_events WHERE ${where}`, params),
    ]);
    const data = rows.map(({ message_offset, ...row }) => ({
      ...row,
      offset: message_offset,
      parked_at: new Date(row.parked_at).toISOString(),
      replayed_at: null,
    }));
    return pageOf(data, count!.total, page, perPage);
  }

  /**
   * Applies a parked event again, once the operator fixed its cause; exactly once like any
   * event (an event applied meanwhile changes nothing). A failure leaves it parked and says why.
   * `alongside` runs in the transaction that marks it replayed, with whether it changed anything
   * now (the operator's audit entry, ADR 0039): the effect, the mark and `alongside` commit
   * together, or none of them.
   */
  async replay(id: string, alongside?: (tx: SqlExecutor, applied: boolean) => Promise<void>): Promise<{ id: string; applied: boolean }> {
    const rows = await queryRows<{ message: string | null }>(
      this.dataSource,
      `SELECT message FROM ${this.schema}.parked_events WHERE id = $1 AND consumer = $2 AND replayed_at IS NULL`,
      [id, this.consumerName],
    );
    if (!rows[0]) throw new ApiError(Errors.ResourceNotFound, 'No parked event with this id');
    const envelope = EventEnvelopeSchema.safeParse(safeJson(rows[0].message ?? undefined));
    const registration = envelope.success ? this.handlers.get(envelope.data.event_type) : undefined;
    const payload = envelope.success && registration ? registration.contract.payload.safeParse(envelope.data.payload) : undefined;
    if (!envelope.success || !registration || !payload?.success)
      throw new ApiError(Errors.ResourceStateConflict, 'The parked message cannot be read; it cannot be replayed');
    const markReplayed = async (tx: SqlExecutor, applied: boolean) => {
      await tx.query(`UPDATE ${this.schema}.parked_events SET replayed_at = now() WHERE id = $1`, [id]);
      await alongside?.(tx, applied);
    };
    let applied: boolean;
    try {
      applied = await this.applyOnce(
        async (event, tx) => {
          await registration.handler(event, tx);
          await markReplayed(tx, true);
        },
        envelope.data,
        payload.data,
      );
    } catch (error) {
      throw new ApiError(Errors.ResourceStateConflict, `Replaying failed again: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Applied meanwhile (its inbox row exists): nothing changed now, and it is parked no more.
    if (!applied) await this.dataSource.transaction((tx) => markReplayed(tx, false));
    return { id, applied };
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
