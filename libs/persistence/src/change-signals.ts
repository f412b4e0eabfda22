import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { assertIdentifier } from './identifiers';
import type { SqlExecutor } from './sql-executor';

const RECONNECT_MS = 1000;

/**
 * Tells every replica of a service that something it keeps in memory changed: the changing
 * transaction calls {@link ChangeSignals.signal} (Postgres delivers it at the commit, to every
 * listener, and never for a rolled-back change); each replica's {@link ChangeSignals.on} drops
 * what it kept. One connection per replica listens on all channels. While that connection is
 * re-opened signals are missed, so every handler is told (with an empty payload) when it breaks
 * and again once it listens again: what changed in between is unknown.
 */
export class ChangeSignals {
  private listener?: { client: PoolClient; release: () => void };
  private readonly handlers = new Map<string, (payload: string) => void>();
  private reconnect?: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly dataSource: DataSource) {}

  static async signal(tx: SqlExecutor, channel: string, payload = ''): Promise<void> {
    await tx.query('SELECT pg_notify($1, $2)', [assertIdentifier(channel), payload]);
  }

  async on(channel: string, handler: (payload: string) => void): Promise<void> {
    this.handlers.set(assertIdentifier(channel), handler);
    this.closed = false;
    if (this.listener) await this.listener.client.query(`LISTEN ${channel}`);
    else await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.client.query('UNLISTEN *').catch(() => undefined);
      listener.release();
    }
  }

  private async connect(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    client.on('notification', (message) => this.handlers.get(message.channel)?.(message.payload ?? ''));
    client.on('error', () => this.lost(client));
    this.listener = { client, release: () => void runner.release() };
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
  }

  /** The listening connection broke: whatever changed meanwhile is unknown, so everything is dropped, then listened for again. */
  private lost(client: PoolClient): void {
    if (this.listener?.client !== client) return;
    this.listener = undefined;
    // TypeORM's query runner gives the broken connection back to the pool with the error, which destroys it.
    this.tellEveryHandler();
    const retry = () => {
      if (this.closed) return;
      this.connect().then(
        () => this.tellEveryHandler(),
        () => {
          this.reconnect = setTimeout(retry, RECONNECT_MS);
        },
      );
    };
    this.reconnect = setTimeout(retry, RECONNECT_MS);
  }

  private tellEveryHandler(): void {
    for (const handler of this.handlers.values()) handler('');
  }
}
