import { randomUUID } from 'node:crypto';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { EventEnvelopeSchema, type EventContract } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { TOPIC_READY_TIMEOUT_MS, retryWhileRetriable, type KafkaConnection } from './kafka-connection';

/**
 * A local, always-current copy of a log-compacted reference topic (merchant settings,
 * maintenance flags, FX rates): each copy reads the whole topic from the start in a group of
 * its own, keeps the latest value per key, and follows new messages. `ready` resolves once what
 * was on the topic at start has been read.
 *
 * Copies on one connection that start in the same turn of the event loop share one consumer
 * (`ReadersStartingTogether`): an idle consumer fetches every few seconds, and a service keeping
 * two copies paid that twice.
 */
export class ReferenceDataReader<P> {
  private readonly values = new Map<string, P>();
  private readonly listeners = new Set<() => void>();
  private pending = new Map<number, number>();
  private readers?: ReadersStartingTogether;
  private readyResolve?: () => void;
  readonly ready: Promise<void> = new Promise((resolve) => (this.readyResolve = resolve));

  constructor(
    private readonly connection: KafkaConnection,
    private readonly contract: EventContract<P>,
    private readonly logger: Logger,
  ) {}

  get topic(): string {
    return this.connection.topic(this.contract.topic);
  }

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

  /** Resolves once the copy's consumer runs; `ready` tells when it has caught up. */
  start(): Promise<void> {
    this.readers = ReadersStartingTogether.join(this.connection, this);
    return this.readers.running;
  }

  async stop(): Promise<void> {
    const readers = this.readers;
    this.readers = undefined;
    await readers?.leave(this);
  }

  /** @internal The topic's end offsets, given before the first message: what is still to read before `ready`. */
  catchUpTo(ends: { partition: number; low: string; high: string }[]): void {
    this.pending = new Map(ends.filter((p) => Number(p.high) > Number(p.low)).map((p) => [p.partition, Number(p.high) - 1]));
    if (this.pending.size === 0) this.readyResolve?.();
  }

  /** @internal */
  apply(partition: number, message: KafkaMessage): void {
    const key = message.key?.toString();
    if (key) {
      this.store(key, message.value?.toString());
      for (const listener of this.listeners) listener();
    }
    const last = this.pending.get(partition);
    if (last !== undefined && Number(message.offset) >= last) {
      this.pending.delete(partition);
      if (this.pending.size === 0) this.readyResolve?.();
    }
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
}

/** The copies of one connection whose consumer has not started yet. */
const forming = new WeakMap<KafkaConnection, ReadersStartingTogether>();

/**
 * One consumer, in a group of its own, for the reference copies that started together: it reads
 * each of their topics from the start and hands every message to the copies of its topic. A copy
 * started later gets a consumer of its own, so none ever rereads a topic another has read.
 */
class ReadersStartingTogether {
  private readonly readers = new Set<ReferenceDataReader<unknown>>();
  private consumer?: Consumer;
  readonly running: Promise<void>;

  private constructor(private readonly connection: KafkaConnection) {
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      forming.delete(connection);
      return this.run();
    });
  }

  static join(connection: KafkaConnection, reader: ReferenceDataReader<unknown>): ReadersStartingTogether {
    let together = forming.get(connection);
    if (!together) {
      together = new ReadersStartingTogether(connection);
      forming.set(connection, together);
    }
    together.readers.add(reader);
    return together;
  }

  /** The consumer stops when the last of its copies leaves. */
  async leave(reader: ReferenceDataReader<unknown>): Promise<void> {
    await this.running.catch(() => undefined);
    this.readers.delete(reader);
    if (this.readers.size > 0) return;
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }

  private async run(): Promise<void> {
    const topics = [...new Set([...this.readers].map((reader) => reader.topic))];
    const admin = this.connection.kafka.admin();
    await admin.connect();
    try {
      for (const topic of topics) {
        const ends = await retryWhileRetriable(() => admin.fetchTopicOffsets(topic), TOPIC_READY_TIMEOUT_MS);
        for (const reader of this.readers) if (reader.topic === topic) reader.catchUpTo(ends);
      }
    } finally {
      await admin.disconnect();
    }
    const consumer = this.connection.soleConsumer(`reference.${this.connection.settings.clientId}.${randomUUID()}`);
    this.consumer = consumer;
    await consumer.connect();
    for (const topic of topics) await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, partition, message }) => {
        for (const reader of this.readers) if (reader.topic === topic) reader.apply(partition, message);
      },
    });
  }
}
