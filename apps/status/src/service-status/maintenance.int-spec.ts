import { DataSource } from 'typeorm';
import { MaintenanceChanged } from '@platform/contracts';
import { connectToServiceSchema, queryRows } from '@platform/persistence';
import { TestClock, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { MaintenanceRepository } from './maintenance.repository';
import { MaintenanceService } from './maintenance.service';
import { ServiceStatusService } from './service-status.service';

/** The operator's maintenance switches on the real status schema, under a test clock. */
describe('maintenance switches', () => {
  const service = 'link_collection' as const;
  /** Who switches, as the gateway authenticated them: written into the audit entry announced with the change. */
  const OPERATOR = 'token:ops-it';
  const clock = new TestClock(new Date('2026-11-23T10:00:00.000Z'));
  let dataSource: DataSource;
  let switches: MaintenanceService;
  let status: ServiceStatusService;
  let firstOutboxSeq: string;

  const broadcasts = () =>
    queryRows<{ event_type: string; message_key: string; payload: { service: string; active: boolean; until: string | null; note: string | null } }>(
      dataSource,
      'SELECT event_type, message_key, payload FROM status.outbox WHERE seq > $1 AND message_key = $2 ORDER BY seq',
      [firstOutboxSeq, service],
    );

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    const repository = new MaintenanceRepository(dataSource);
    switches = new MaintenanceService(dataSource, repository, clock);
    status = new ServiceStatusService(repository, clock);
    await switches.clear(service, OPERATOR);
    const [last] = await queryRows<{ seq: string }>(dataSource, 'SELECT coalesce(max(seq), 0)::text AS seq FROM status.outbox');
    firstOutboxSeq = last!.seq;
  });

  afterAll(async () => {
    await switches.clear(service, OPERATOR);
    // What this spec wrote must not reach the broker when a later suite runs the status service's relay.
    await dataSource.query('DELETE FROM status.outbox WHERE seq > $1 AND message_key = ANY($2)', [firstOutboxSeq, [service, `maintenance/${service}`]]);
    await dataSource.destroy();
  });

  it('switches a service into maintenance with its window and note, and broadcasts it in the same transaction', async () => {
    const until = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const change = await switches.set(service, until, 'Bank migration', OPERATOR);
    expect(change).toEqual({ before: null, after: { service, until, note: 'Bank migration' } });
    expect(await status.current()).toContainEqual({ service, until, note: 'Bank migration' });
    expect(await broadcasts()).toEqual([
      { event_type: MaintenanceChanged.type, message_key: service, payload: { service, active: true, until, note: 'Bank migration' } },
    ]);
    const [audited] = await queryRows<{ payload: { actor: string; action: string; after: unknown } }>(
      dataSource,
      'SELECT payload FROM status.outbox WHERE seq > $1 AND message_key = $2 ORDER BY seq',
      [firstOutboxSeq, `maintenance/${service}`],
    );
    expect(audited!.payload).toMatchObject({ actor: OPERATOR, action: 'maintenance.set', after: { service, until, note: 'Bank migration' } });
  });

  it('reads an estimated return time that has passed as null, while the service stays in maintenance', async () => {
    clock.advance(2 * 3_600_000);
    expect(await status.current()).toContainEqual({ service, until: null, note: 'Bank migration' });
  });

  it('ends maintenance once: the first end returns what it was and broadcasts active false, a second end changes nothing', async () => {
    const ended = await switches.clear(service, OPERATOR);
    expect(ended.before).toEqual({ service, until: null, note: 'Bank migration' });
    expect((await status.current()).map((item) => item.service)).not.toContain(service);
    expect(await switches.clear(service, OPERATOR)).toEqual({ before: null });
    const sent = await broadcasts();
    expect(sent.map((event) => event.payload.active)).toEqual([true, false, false]);
  });
});
