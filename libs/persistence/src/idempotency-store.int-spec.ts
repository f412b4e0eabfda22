import { randomUUID } from 'node:crypto';
import { ApiError } from '@platform/contracts';
import { testInfrastructure } from '@platform/testing';
import {
  IdempotencyStore,
  createServiceDataSource,
  ensureDatabase,
  idempotencyDigestUp,
  idempotencyTableUp,
  keyUseOf,
  provisionServiceSchema,
  serviceDatabaseUrl,
  type IdempotentRequest,
} from './index';

/** One Idempotency-Key mechanism for every service, on real Postgres. */
describe('IdempotencyStore', () => {
  const schema = 'idempotency_it';
  const dataSource = createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [] });
  const store = new IdempotencyStore(schema);
  const owner = { merchantCode: 'M-IDEM', environment: 'sandbox' };
  const request = (overrides: Partial<IdempotentRequest> = {}): IdempotentRequest => ({
    scope: 'payment.create',
    key: randomUUID(),
    fingerprint: 'POST /api/v3/payments sha256:abc',
    scenario: null,
    ...overrides,
  });
  const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : String(error));

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await dataSource.initialize();
    await dataSource.query(`DROP TABLE IF EXISTS ${schema}.idempotency_requests`);
    for (const sql of [...idempotencyTableUp(schema), ...idempotencyDigestUp(schema)]) await dataSource.query(sql);
  });

  afterAll(async () => {
    await dataSource.destroy();
  });

  it('knows nothing of a new key, then replays the first answer of a completed one', async () => {
    const first = request();
    expect(await store.earlier(dataSource, owner, first)).toBeUndefined();
    await dataSource.transaction(async (tx) => {
      expect(await store.claim(tx, owner, first, 'PAY-1')).toBe(true);
      await store.complete(tx, owner, first, { payment: { code: 'PAY-1' } });
    });
    expect(await store.earlier(dataSource, owner, { ...first })).toMatchObject({
      state: 'completed',
      resource_id: 'PAY-1',
      response: { payment: { code: 'PAY-1' } },
    });
  });

  it('claims a key already completed in one statement for a request that is repeated by reading its resource', async () => {
    const first = request();
    expect(await dataSource.transaction((tx) => store.claimCompleted(tx, owner, first, 'PAY-2'))).toBe(true);
    expect(await store.earlier(dataSource, owner, first)).toMatchObject({
      state: 'completed',
      resource_id: 'PAY-2',
      response: null,
      completed_at: expect.any(Date),
    });
    expect(await dataSource.transaction((tx) => store.claimCompleted(tx, owner, first, 'PAY-3'))).toBe(false);
  });

  it('keeps nothing when the work that claimed the key rolls back', async () => {
    const first = request();
    await expect(
      dataSource.transaction(async (tx) => {
        await store.claim(tx, owner, first);
        throw new ApiError('9000005');
      }),
    ).rejects.toMatchObject({ code: '9000005' });
    expect(await store.earlier(dataSource, owner, first)).toBeUndefined();
  });

  it('refuses another sandbox scenario with 9000010 and another request with 9000039', async () => {
    const first = request({ scenario: 'completed' });
    await dataSource.transaction(async (tx) => {
      await store.claim(tx, owner, first);
      await store.complete(tx, owner, first, {});
    });
    await expect(store.earlier(dataSource, owner, { ...first, scenario: 'rejected' })).rejects.toMatchObject({ code: '9000010' });
    await expect(store.earlier(dataSource, owner, { ...first, fingerprint: 'POST /api/v3/payments sha256:other' })).rejects.toMatchObject({ code: '9000039' });
  });

  it('refuses a key used for another target with the operation’s own wording', async () => {
    const first = request({ scope: 'delivery.retry', target: 'delivery-a', fingerprint: 'retry', conflictDetail: 'used for another delivery' });
    await dataSource.transaction(async (tx) => {
      await store.claim(tx, owner, first);
      await store.complete(tx, owner, first, {});
    });
    const error = await store.earlier(dataSource, owner, { ...first, target: 'delivery-b' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: '9000039', message: 'used for another delivery' });
  });

  it('lets exactly one of two parallel claims of one key win; the other sees the winner once it commits', async () => {
    const first = request();
    const outcomes = await Promise.all(
      ['PAY-A', 'PAY-B'].map((code) =>
        dataSource.transaction(async (tx) => {
          const won = await store.claim(tx, owner, first, code);
          if (won) await store.complete(tx, owner, first, null);
          return won;
        }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const winner = await store.earlier(dataSource, owner, first);
    expect(['PAY-A', 'PAY-B'][outcomes.indexOf(true)]).toBe(winner!.resource_id);
  });

  it('scopes keys to their owner and operation: the same key serves two merchants and two operations', async () => {
    const key = randomUUID();
    const claims = await dataSource.transaction(async (tx) =>
      Promise.all([
        store.claim(tx, owner, request({ key })),
        store.claim(tx, { ...owner, merchantCode: 'M-OTHER' }, request({ key })),
        store.claim(tx, { ...owner, environment: 'live' }, request({ key })),
        store.claim(tx, owner, request({ key, scope: 'reversal.request' })),
      ]),
    );
    expect(claims).toEqual([true, true, true, true]);
    expect(codeOf(await store.earlier(dataSource, { ...owner, merchantCode: 'M-OTHER' }, request({ key, fingerprint: 'x' })).catch((e: unknown) => e))).toBe(
      '9000039',
    );
    expect(await store.earlier(dataSource, { ...owner, merchantCode: 'M-THIRD' }, request({ key }))).toBeUndefined();
  });

  describe('what a conflicting repeat changed, and the key inspector (ADR 0034)', () => {
    const hash = (letter: string) => letter.repeat(64);
    const digest = { method: 'POST', path: '/api/v3/payments', body_sha256: hash('0'), fields: { amount: hash('a'), currency_code: hash('c') } };

    it('names the fields that differ from the first request in the 9000039 without keeping the body', async () => {
      const first = request({ digest });
      await dataSource.transaction((tx) => store.claimCompleted(tx, owner, first, 'PAY-D'));
      const [kept] = await dataSource.query(`SELECT request_digest FROM ${schema}.idempotency_requests WHERE idempotency_key = $1`, [first.key]);
      expect(kept.request_digest).toEqual(digest);
      const repeat = { ...first, fingerprint: 'other', digest: { ...digest, body_sha256: hash('1'), fields: { ...digest.fields, amount: hash('b') } } };
      await expect(store.earlier(dataSource, owner, repeat)).rejects.toMatchObject({
        code: '9000039',
        extras: { errors: { amount: ['differs from the first request with this Idempotency-Key'] } },
      });
      await expect(store.earlier(dataSource, owner, { ...first, scenario: 'rejected' })).rejects.toMatchObject({
        code: '9000010',
        extras: { errors: { 'X-CAV-Sandbox-Scenario': ['differs from the first request with this Idempotency-Key'] } },
      });
    });

    it('still answers 9000039, without names, for a key kept before digests were', async () => {
      const first = request();
      await dataSource.transaction((tx) => store.claimCompleted(tx, owner, first, 'PAY-OLD'));
      const error = await store.earlier(dataSource, owner, { ...first, fingerprint: 'other', digest }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: '9000039', message: 'This Idempotency-Key was used with a different request', extras: {} });
    });

    it('lists every use of a key by its owner, oldest first, with the request line, state, status and resource', async () => {
      const key = randomUUID();
      const payment = request({ key, digest });
      const refund = request({ key, scope: 'reversal.request', scenario: 'completed', digest: { ...digest, path: '/api/v3/refunds', fields: null } });
      await dataSource.transaction((tx) => store.claimCompleted(tx, owner, payment, 'pay-code'));
      await dataSource.transaction(async (tx) => {
        await store.claim(tx, owner, refund);
        await store.complete(tx, owner, refund, { reversal: { id: 'rev-1' } }, 'rev-1');
      });
      await dataSource.transaction((tx) => store.claim(tx, { ...owner, environment: 'live' }, request({ key })));

      const uses = (await store.uses(dataSource, owner, key, ['payment.create', 'reversal.request'])).map(keyUseOf);
      expect(uses).toEqual([
        {
          idempotency_key: key,
          operation: 'payment.create',
          method: 'POST',
          path: '/api/v3/payments',
          body_sha256: hash('0'),
          sandbox_scenario: null,
          state: 'completed',
          response_status: 201,
          resource_id: 'pay-code',
          created_at: expect.stringMatching(/Z$/),
          completed_at: expect.stringMatching(/Z$/),
        },
        expect.objectContaining({
          operation: 'reversal.request',
          path: '/api/v3/refunds',
          sandbox_scenario: 'completed',
          response_status: 202,
          resource_id: 'rev-1',
        }),
      ]);
      const inFlight = (await store.uses(dataSource, { ...owner, environment: 'live' }, key, ['payment.create'])).map(keyUseOf);
      expect(inFlight).toEqual([expect.objectContaining({ state: 'in_flight', response_status: null, completed_at: null, body_sha256: null })]);
      expect(await store.uses(dataSource, owner, key, ['withdrawal.request'])).toEqual([]);
      expect(await store.uses(dataSource, { ...owner, merchantCode: 'M-OTHER' }, key, ['payment.create'])).toEqual([]);
      expect(await store.uses(dataSource, owner, randomUUID(), ['payment.create'])).toEqual([]);
    });

    it('shows the path of a key kept before digests were from its operation and resource', () => {
      const row = {
        idempotency_key: 'k',
        scope: 'dispute.evidence',
        fingerprint: 'f',
        scenario: null,
        resource_id: 'd-1',
        state: 'completed' as const,
        response: {},
        created_at: new Date('2026-01-01T00:00:00Z'),
        completed_at: new Date('2026-01-01T00:00:00Z'),
        request_digest: null,
      };
      expect(keyUseOf(row)).toMatchObject({ method: 'POST', path: '/api/v3/disputes/d-1/evidence', body_sha256: null, response_status: 200 });
    });
  });
});
