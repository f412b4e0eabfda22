import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { assertIdentifier } from './identifiers';
import type { SqlExecutor } from './sql-executor';

const RECONNECT_MS = 1000;
/** How often an idle listener checks that its connection still answers, and how long it waits. */
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

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
  private watchdog?: NodeJS.Timeout;
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
    clearInterval(this.watchdog);
    this.watchdog = undefined;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await withTimeout(listener.client.query('UNLISTEN *'), PROBE_TIMEOUT_MS).catch(() => undefined);
      listener.release();
    }
  }

  /** A connection of the pool that listens on every channel; it becomes the listener only once all LISTENs succeeded. */
  private async connect(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    const release = () => void runner.release();
    client.on('notification', (message) => this.handlers.get(message.channel)?.(message.payload ?? ''));
    client.on('error', () => this.lost(client));
    const giveBack = async () => {
      await withTimeout(client.query('UNLISTEN *'), PROBE_TIMEOUT_MS).catch(() => undefined);
      release();
    };
    try {
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // E.g. a standby refusing LISTEN: give the connection back rather than keep it checked out.
      await giveBack();
      throw error;
    }
    if (this.closed) return giveBack();
    this.listener = { client, release };
    this.watchdog ??= setInterval(() => void this.probe(), PROBE_EVERY_MS).unref();
  }

  /**
   * A listener that never sends anything would not notice a connection dropped without a reset
   * (an idle timeout in a NAT or load balancer): it is asked a trivial question now and then, and
   * one it cannot answer in time counts as broken.
   */
  private async probe(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    try {
      await withTimeout(listener.client.query('SELECT 1'), PROBE_TIMEOUT_MS);
    } catch (error) {
      // The same path as a connection error: TypeORM destroys the connection, lost() listens anew.
      if (this.listener === listener) listener.client.emit('error', error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The listening connection broke: whatever changed meanwhile is unknown, so everything is dropped, then listened for again. */
  private lost(client: PoolClient): void {
    if (this.listener?.client !== client) return;
    this.listener = undefined;
    // TypeORM's query runner gives the broken connection back to the pool with the error, which destroys it.
    this.tellEveryHandler();
    this.listenAgainSoon();
  }

  /** One chain of attempts at a time; every handler is told again once the connection is back. */
  private listenAgainSoon(): void {
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => {
      if (this.closed || this.listener) return;
      this.connect().then(
        () => {
          if (!this.closed) this.tellEveryHandler();
        },
        () => this.listenAgainSoon(),
      );
    }, RECONNECT_MS);
  }

  private tellEveryHandler(): void {
    for (const handler of this.handlers.values()) handler('');
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
