import type { DataSource } from 'typeorm';
import type { PoolClient } from 'pg';
import { assertIdentifier, queryRows } from '@platform/persistence';
import type { Logger } from '@platform/observability';
import type { EventPublisher, OutboxRecord } from './event-publisher';
import { outboxChannel } from './outbox';

export interface OutboxRelayOptions {
  batchSize?: number;
  /** Safety net when a notification is missed; a write wakes the relay at once. */
  pollIntervalMs?: number;
}

/**
 * Moves committed outbox rows to Kafka. Rows are claimed with FOR UPDATE SKIP LOCKED so
 * replicas share the work, published, then marked in the same transaction: a crash after
 * publishing and before the mark publishes the batch again (consumers dedupe by event id),
 * a crash before publishing leaves the rows for the next run. Nothing is lost.
 */
export class OutboxRelay {
  private running = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private listener?: { release: () => void; client: PoolClient };
  private readonly schema: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
    private readonly publisher: EventPublisher,
    private readonly logger: Logger,
    options: OutboxRelayOptions = {},
  ) {
    this.schema = assertIdentifier(schema);
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen();
    this.loop = this.run();
  }

  private async listen(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    client.on('notification', () => this.wake?.());
    await client.query(`LISTEN ${outboxChannel(this.schema)}`);
    this.listener = { client, release: () => void runner.release() };
  }

  private async run(): Promise<void> {
    while (this.running) {
      let published = 0;
      try {
        published = await this.drainOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay batch failed; will retry');
        await this.sleep(this.pollIntervalMs);
        continue;
      }
      if (published < this.batchSize) await this.sleep(this.pollIntervalMs);
    }
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
      await tx.query(`UPDATE ${this.schema}.outbox SET published_at = now() WHERE seq = ANY($1::bigint[])`, [rows.map((row) => row.seq)]);
      return rows.length;
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    if (this.listener) {
      await this.listener.client.query(`UNLISTEN ${outboxChannel(this.schema)}`).catch(() => undefined);
      this.listener.release();
      this.listener = undefined;
    }
  }
}
