import { randomUUID } from 'node:crypto';
import { testInfrastructure } from '@platform/testing';
import { ChangeSignals } from './change-signals';
import { createServiceDataSource } from './data-source';
import { ensureDatabase, provisionServiceSchema } from './provisioning';
import { serviceDatabaseUrl } from './database-urls';

/** Signals between replicas through real Postgres: at the commit, to every listener, never for a rollback. */
describe('change signals', () => {
  const schema = 'signals_it';
  const replicas = [0, 1].map(() => createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [] }));
  const opened: ChangeSignals[] = [];

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    for (const dataSource of replicas) await dataSource.initialize();
  });

  afterAll(async () => {
    for (const signals of opened) await signals.close();
    for (const dataSource of replicas) await dataSource.destroy();
  });

  async function listening(channel: string): Promise<{ received: string[]; next: () => Promise<string> }[]> {
    return Promise.all(
      replicas.map(async (dataSource) => {
        const signals = new ChangeSignals(dataSource);
        opened.push(signals);
        const received: string[] = [];
        let waiting: ((payload: string) => void) | undefined;
        await signals.on(channel, (payload) => {
          received.push(payload);
          waiting?.(payload);
        });
        return { received, next: () => new Promise<string>((resolve) => (waiting = resolve)) };
      }),
    );
  }

  it('reaches every replica at the commit of the change, with its payload, and never for a rolled-back change', async () => {
    const channel = `it_${randomUUID().replaceAll('-', '')}`;
    const [first, second] = await listening(channel);
    await expect(
      replicas[0]!.transaction(async (tx) => {
        await ChangeSignals.signal(tx, channel, 'rolled-back');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const arrivals = [first!.next(), second!.next()];
    await replicas[0]!.transaction((tx) => ChangeSignals.signal(tx, channel, 'sandbox:540061'));
    expect(await Promise.all(arrivals)).toEqual(['sandbox:540061', 'sandbox:540061']);
    expect([first!.received, second!.received]).toEqual([['sandbox:540061'], ['sandbox:540061']]);
  });

  it('drops everything when its connection breaks, again once it listens again, and then hears signals', async () => {
    const channel = `it_${randomUUID().replaceAll('-', '')}`;
    const [first] = await listening(channel);
    const signals = opened.at(-2) as unknown as { listener?: { client: { processID: number } } };
    const brokenPid = signals.listener!.client.processID;
    const dropped = first!.next();
    await replicas[1]!.query('SELECT pg_terminate_backend($1)', [brokenPid]);
    expect(await dropped).toBe('');
    // Whatever was signalled while nobody listened is unknown: the handler is told again once the connection is back.
    const listeningAgain = first!.next();
    expect(await listeningAgain).toBe('');
    expect(signals.listener!.client.processID).not.toBe(brokenPid);
    const after = first!.next();
    await replicas[1]!.transaction((tx) => ChangeSignals.signal(tx, channel, 'after'));
    expect(await after).toBe('after');
    expect(first!.received).toEqual(['', '', 'after']);
  });
});
