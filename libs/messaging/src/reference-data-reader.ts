import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { EventEnvelopeSchema, type EventContract } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { TOPIC_READY_TIMEOUT_MS, retryWhileRetriable, type KafkaConnection } from './kafka-connection';

/**
 * A local, always-current copy of a log-compacted reference topic (merchant settings,
 * maintenance flags, FX rates): each instance reads the whole topic from the start in a
 * group of its own, keeps the latest value per key, and follows new messages. `ready`
 * resolves once what was on the topic at start has been read.
 */
export class ReferenceDataReader<P> {
  private readonly values = new Map<string, P>();
  private readonly listeners = new Set<() => void>();
  private consumer?: Consumer;
  private readyResolve?: () => void;
  readonly ready: Promise<void> = new Promise((resolve) => (this.readyResolve = resolve));

  constructor(
    private readonly connection: KafkaConnection,
    private readonly contract: EventContract<P>,
    private readonly logger: Logger,
  ) {}

  get(key: string): P | undefined {
    return this.values.get(key);
  }

  /** Every key's latest value, in key order. */
  all(): P[] {
    return [...this.values.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
  }

  /**
   * Resolves once `holds` is true of the copy (checked now and after every message applied),
   * or after `timeoutMs` with false: for a caller that wants to see its own change arrive.
   */
  until(holds: () => boolean, timeoutMs: number): Promise<boolean> {
    if (holds()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check = () => {
        if (!holds()) return;
        finish(true);
      };
      const finish = (seen: boolean) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        resolve(seen);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.listeners.add(check);
    });
  }

  async start(): Promise<void> {
    const topic = this.connection.topic(this.contract.topic);
    const admin = this.connection.kafka.admin();
    await admin.connect();
    const ends = await retryWhileRetriable(() => admin.fetchTopicOffsets(topic), TOPIC_READY_TIMEOUT_MS);
    await admin.disconnect();
    // Offsets still to read before the copy is as current as the topic was at start.
    const pending = new Map(ends.filter((p) => Number(p.high) > Number(p.low)).map((p) => [p.partition, Number(p.high) - 1]));
    if (pending.size === 0) this.readyResolve?.();

    const consumer = this.connection.soleConsumer(`reference.${this.connection.settings.clientId}.${randomUUID()}`);
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        this.apply(message.key?.toString(), message.value?.toString());
        const last = pending.get(partition);
        if (last !== undefined && Number(message.offset) >= last) {
          pending.delete(partition);
          if (pending.size === 0) this.readyResolve?.();
        }
      },
    });
  }

  private apply(key: string | undefined, raw: string | undefined): void {
    if (!key) return;
    this.store(key, raw);
    for (const listener of this.listeners) listener();
  }

  private store(key: string, raw: string | undefined): void {
    if (raw === undefined) {
      this.values.delete(key);
      return;
    }
    try {
      const envelope = EventEnvelopeSchema.parse(JSON.parse(raw));
      if (envelope.event_type !== this.contract.type) return;
      const value = this.contract.payload.parse(envelope.payload);
      this.values.set(key, value);
    } catch (error) {
      this.logger.error({ err: error, key }, 'reference data message skipped');
    }
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }
}
