import { testInfrastructure } from '@platform/testing';
import { createServiceDataSource } from './data-source';
import { serviceDatabaseUrl } from './database-urls';
import { parkedEventsKeyedByMessageDown, parkedEventsKeyedByMessageUp, parkedEventsTableUp } from './messaging-tables';
import { ensureDatabase, provisionServiceSchema } from './provisioning';

/** The parked events' key as the services' migrations set it, on a real Postgres. */
describe('parked events keyed by message', () => {
  const schema = 'parked_key_it';
  const dataSource = createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [] });
  const park = (offset: string, message: string | null) =>
    dataSource.query(
      `INSERT INTO ${schema}.parked_events (consumer, topic, partition, message_offset, message, reason, failures)
       VALUES ('ledger', 'payments.events.v1', 0, $1, $2, 'malformed envelope', 1) ON CONFLICT DO NOTHING RETURNING id`,
      [offset, message],
    ) as Promise<unknown[]>;
  const messagesAt = async (offset: string) =>
    (
      (await dataSource.query(`SELECT message FROM ${schema}.parked_events WHERE message_offset = $1 ORDER BY id`, [offset])) as { message: string | null }[]
    ).map((row) => row.message);

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await dataSource.initialize();
    await dataSource.query(`DROP TABLE IF EXISTS ${schema}.parked_events`);
    for (const statement of [...parkedEventsTableUp(schema), ...parkedEventsKeyedByMessageUp(schema)]) await dataSource.query(statement);
  });

  afterAll(() => dataSource.destroy());

  it('keeps a new message at a position parked before, and parks the same message there once', async () => {
    expect(await park('7', 'from the topic before {')).toHaveLength(1);
    expect(await park('7', 'from the topic made again {')).toHaveLength(1);
    expect(await park('7', 'from the topic made again {')).toHaveLength(0);
    expect(await park('8', null)).toHaveLength(1);
    expect(await park('8', null)).toHaveLength(0);
    expect(await messagesAt('7')).toEqual(['from the topic before {', 'from the topic made again {']);
    expect(await messagesAt('8')).toEqual([null]);
  });

  it('goes back to the position key on a table without two messages at one position, and forward again', async () => {
    await dataSource.query(`DELETE FROM ${schema}.parked_events WHERE message_offset = '7'`);
    for (const statement of parkedEventsKeyedByMessageDown(schema)) await dataSource.query(statement);
    await expect(
      dataSource.query(
        `INSERT INTO ${schema}.parked_events (consumer, topic, partition, message_offset, message, reason, failures)
         VALUES ('ledger', 'payments.events.v1', 0, '8', 'another {', 'malformed envelope', 1)`,
      ),
    ).rejects.toThrow(/duplicate key/);
    for (const statement of parkedEventsKeyedByMessageUp(schema)) await dataSource.query(statement);
    expect(await park('8', 'another {')).toHaveLength(1);
  });
});
