import type { DataSource } from 'typeorm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { assertIdentifier, ChangeSignals, queryRows } from '@platform/persistence';
import type { Logger } from '@platform/observability';
import type { EventPublisher, OutboxRecord } from './event-publisher';
import { outboxChannel } from './outbox';

/** How often an idle relay looks for rows no notification announced. */
export const DEFAULT_OUTBOX_POLL_INTERVAL_MS = 10_000;

export interface OutboxRelayOptions {
  batchSize?: number;
  /**
   * Safety net for a notification lost without the listening connection failing (a half-open
   * connection): a committed write wakes the relay at once, and so does the listening connection
   * coming back after a break. Polling more often costs every idle replica a statement a tick.
   */
  pollIntervalMs?: number;
  /** Pause after a failed batch (Kafka or Postgres away) before trying again. */
  retryAfterFailureMs?: number;
  /** Where the relay's backlog and delay are published. */
  registry?: Registry;
}

/**
 * Moves committed outbox rows to Kafka. Rows are claimed with FOR UPDATE SKIP LOCKED so
 * replicas share the work, published, then marked in the same transaction: a crash after
 * publishing and before the mark publishes the batch again (consumers dedupe by event id),
 * a crash before publishing leaves the rows for the next run. Nothing is lost.
 */
export class OutboxRelay {
  private running = false;
  /** Set by a notification; a relay notified while it was publishing drains again instead of sleeping. */
  private notified = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private readonly signals: ChangeSignals;
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly retryAfterFailureMs: number;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
    private readonly publisher: EventPublisher,
    private readonly logger: Logger,
    options: OutboxRelayOptions = {},
  ) {
    this.schema = assertIdentifier(schema);
    this.signals = new ChangeSignals(dataSource);
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_OUTBOX_POLL_INTERVAL_MS;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 1000;
    if (options.registry) this.instrument(options.registry);
  }

  private delay?: Histogram;
  private published?: Counter<'event_type'>;

  /** Backlog read at each scrape (one query); delay from commit to Kafka observed per event. */
  private instrument(registry: Registry): void {
    const oldest = new Gauge({ name: 'outbox_oldest_unpublished_seconds', help: 'Age of the oldest event not yet on Kafka', registers: [registry] });
    const dataSource = this.dataSource;
    const schema = this.schema;
    new Gauge({
      name: 'outbox_unpublished',
      help: 'Events committed and not yet on Kafka',
      registers: [registry],
      async collect() {
        const [row] = await queryRows<{ count: string; age: number | null }>(
          dataSource,
          `SELECT count(*)::text AS count, extract(epoch FROM now() - min(occurred_at))::float8 AS age FROM ${schema}.outbox WHERE published_at IS NULL`,
        );
        this.set(Number(row?.count ?? 0));
        oldest.set(Math.max(0, row?.age ?? 0));
      },
    });
    // What the business did, once committed: payments paid, failed and refunded, orders succeeded and failed, disputes…
    this.published = new Counter({
      name: 'events_published_total',
      help: 'Events published from the outbox, by type',
      labelNames: ['event_type'],
      registers: [registry],
    });
    this.delay = new Histogram({
      name: 'outbox_relay_delay_seconds',
      help: 'From an event written to the outbox to the event on Kafka',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60],
      registers: [registry],
    });
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // A committed outbox row signals its schema's channel: the relay wakes at once.
    await this.signals.on(outboxChannel(this.schema), () => {
      this.notified = true;
      this.wake?.();
    });
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    /** Woken by the poll's timer, not by a notification: most likely there is nothing to publish. */
    let polled = false;
    while (this.running) {
      let published = 0;
      this.notified = false;
      try {
        published = polled && !(await this.anyUnpublished()) ? 0 : await this.drainOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay batch failed; will retry');
        await this.sleep(this.retryAfterFailureMs);
        polled = false;
        continue;
      }
      polled = published < this.batchSize && !this.notified ? await this.sleep(this.pollIntervalMs) : false;
    }
  }

  /**
   * One statement outside any transaction (the partial index answers it): an idle replica's poll
   * costs Postgres one round trip instead of the claim's three (BEGIN, SELECT … FOR UPDATE, COMMIT).
   */
  private async anyUnpublished(): Promise<boolean> {
    const [row] = await queryRows<{ any: boolean }>(this.dataSource, `SELECT EXISTS (SELECT 1 FROM ${this.schema}.outbox WHERE published_at IS NULL) AS any`);
    return row?.any === true;
  }

  /** Publishes one batch; returns how many events it published. */
  async drainOnce(): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const rows = await queryRows<OutboxRecord>(
        tx,
        `SELECT seq, event_id, topic, message_key, event_type, payload, headers, occurred_at
           FROM ${this.schema}.outbox
          WHERE published_at IS NULL
          ORDER BY seq
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;
      await this.publisher.publish(rows);
      const now = Date.now();
      for (const row of rows) {
        this.delay?.observe(Math.max(0, now - new Date(row.occurred_at).getTime()) / 1000);
        this.published?.inc({ event_type: row.event_type });
      }
      await tx.query(`UPDATE ${this.schema}.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [rows.map((row) => row.seq)]);
      return rows.length;
    });
  }

  /**
   * A pause that stop() or a notification ends; none at all once stopping (stop() may have come
   * during a drain). True when it ran its whole length.
   */
  private sleep(ms: number): Promise<boolean> {
    if (!this.running) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.signals.close();
  }
}
