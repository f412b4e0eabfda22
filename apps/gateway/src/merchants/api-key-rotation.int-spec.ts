import { DataSource } from 'typeorm';
import { connectToServiceSchema, queryRows } from '@platform/persistence';
import { TestClock, testInfrastructure } from '@platform/testing';
import { CredentialDirectory } from '../auth/credential-directory';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { AuditRepository } from './audit.repository';
import { MerchantBroadcast } from './merchant-broadcast';
import { MerchantRepository } from './merchant.repository';
import { MerchantsService } from './merchants.service';

/** API keys of a merchant environment on the real gateway schema, under a test clock. */
describe('API key rotation', () => {
  const clock = new TestClock(new Date('2026-11-23T10:00:00.000Z'));
  const operator = { actor: 'ops@example.com', correlationId: 'it-key-rotation' };
  let dataSource: DataSource;
  let merchants: MerchantsService;
  let credentials: CredentialDirectory;
  let merchantCode: string;
  let firstOutboxSeq: string;

  /** When each key stops working, as authentication reads it (the directory is read fresh each time). */
  const expiryOf = async (apiKey: string) => {
    credentials.forget([apiKey]);
    return (await credentials.find(apiKey))?.expiresAt?.toISOString() ?? null;
  };

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    const config = { NODE_ENV: 'test', KEY_ROTATION_GRACE_SECONDS: 86_400 } as Config;
    const repository = new MerchantRepository();
    credentials = new CredentialDirectory(dataSource, repository, config);
    merchants = new MerchantsService(dataSource, repository, new AuditRepository(), credentials, new MerchantBroadcast(repository, clock), config, clock);
    const [last] = await queryRows<{ seq: string }>(dataSource, 'SELECT coalesce(max(seq), 0)::text AS seq FROM gateway.outbox');
    firstOutboxSeq = last!.seq;
    merchantCode = (await merchants.createMerchant({ name: 'Rotation Ltd', base_currency: 'TRY' }, operator)).merchant_code;
  });

  afterAll(async () => {
    // This merchant exists only in this spec: its settings must not reach the broker through a later suite's relay.
    await dataSource.query('DELETE FROM gateway.outbox WHERE seq > $1', [firstOutboxSeq]);
    await dataSource.destroy();
  });

  it('keeps the previous key working until its grace ends, and records the rotation in the audit log', async () => {
    const first = await merchants.issueApiKey(merchantCode, 'sandbox', operator);
    expect(first.key_version).toBe(1);
    expect(await expiryOf(first.api_key)).toBeNull();

    const second = await merchants.issueApiKey(merchantCode, 'sandbox', operator, 120);
    expect(second.key_version).toBe(2);
    expect(await expiryOf(first.api_key)).toBe('2026-11-23T10:02:00.000Z');
    expect(await expiryOf(second.api_key)).toBeNull();

    const [audit] = await queryRows<{ actor: string; before: { retiring_keys: string[]; retiring_at: string }; after: { api_key: string } }>(
      dataSource,
      `SELECT actor, before, after FROM gateway.audit_log WHERE action = 'api_key.issue' AND target = $1 ORDER BY id DESC LIMIT 1`,
      [`${merchantCode}/sandbox`],
    );
    expect(audit).toEqual({
      actor: operator.actor,
      before: { retiring_keys: [first.api_key], retiring_at: '2026-11-23T10:02:00.000Z' },
      after: { api_key: second.api_key, key_version: 2 },
    });
  });

  it('never lets a grace period exceed the configured one, and 0 stops the previous keys now', async () => {
    clock.advance(60_000);
    const third = await merchants.issueApiKey(merchantCode, 'sandbox', operator, 10 * 86_400);
    const [second] = await queryRows<{ api_key: string }>(
      dataSource,
      `SELECT api_key FROM gateway.api_keys WHERE merchant_code = $1 AND environment = 'sandbox' AND key_version = 2`,
      [merchantCode],
    );
    expect(await expiryOf(second!.api_key)).toBe('2026-11-24T10:01:00.000Z');

    clock.advance(60_000);
    await merchants.issueApiKey(merchantCode, 'sandbox', operator, 0);
    expect(await expiryOf(third.api_key)).toBe('2026-11-23T10:02:00.000Z');
  });

  it('revokes a leaked key at the clock’s now, and live keys are independent of sandbox ones', async () => {
    const live = await merchants.issueApiKey(merchantCode, 'live', operator);
    expect(live.key_version).toBe(1);
    clock.advance(30_000);
    const revoked = await merchants.revokeApiKey(merchantCode, live.api_key, operator);
    expect(revoked).toMatchObject({ api_key: live.api_key, environment: 'live', key_version: 1, revoked_at: '2026-11-23T10:02:30.000Z' });
    expect(await expiryOf(live.api_key)).toBe('2026-11-23T10:02:30.000Z');
  });
});
