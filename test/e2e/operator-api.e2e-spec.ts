import { randomUUID } from 'node:crypto';
import { MerchantEnvironmentChanged, merchantEnvironmentKey, type MerchantEnvironment } from '@platform/contracts';
import { KafkaConnection, ReferenceDataReader } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { serviceDatabaseUrl } from '@platform/persistence';
import { Client } from 'pg';
import { OperatorClient, Stack, V4Client, eventually as eventuallyAnswered, luhnComplete, testInfrastructure } from '@platform/testing';

/**
 * The operator API beyond provisioning: listing and reading merchants, deactivation,
 * the audit log, and the broadcast of merchant settings on the compacted topic that
 * the other services keep their local copy from.
 */
describe('operator API', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let kafka: KafkaConnection;
  let settings: ReferenceDataReader<MerchantEnvironment>;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'orders-v4', 'status'] });
    operator = new OperatorClient(stack.url('gateway'));
    kafka = new KafkaConnection(
      { brokers: testInfrastructure.kafkaBrokers.split(','), clientId: 'operator-e2e', topicPrefix: testInfrastructure.topicPrefix },
      createLogger('operator-e2e', 'warn'),
    );
    settings = new ReferenceDataReader(kafka, MerchantEnvironmentChanged, createLogger('operator-e2e', 'warn'));
    await settings.start();
    await settings.ready;
  });

  afterAll(async () => {
    await settings?.stop();
    await kafka?.close();
    await stack?.stop();
  });

  async function eventually<T>(probe: () => T | undefined, timeoutMs = 15000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('not seen in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('lists merchants newest first with the spec paging meta', async () => {
    const created = await operator.provisionMerchant({ name: 'Listed Shop' });
    const listed = await operator.call('GET', '/admin/v1/merchants?page=1&per_page=2');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data[0]).toMatchObject({ merchant_code: created.merchantCode, name: 'Listed Shop', status: 'active' });
    expect(listed.body.meta).toEqual({ page: 1, per_page: 2, total: expect.any(Number), total_pages: Math.ceil(listed.body.meta.total / 2) });
  });

  it.each(['page=0', 'per_page=101', 'per_page=abc', 'colour=red'])('rejects bad paging (%s) with 422 1000001', async (query) => {
    const response = await operator.call('GET', `/admin/v1/merchants?${query}`);
    expect([response.status, response.body.code]).toEqual([422, '1000001']);
  });

  it('reads one merchant with both environments and its keys, never a secret', async () => {
    const merchant = await operator.provisionMerchant();
    const response = await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      merchant_code: merchant.merchantCode,
      status: 'active',
      environments: { sandbox: { ip_allowlist: ['127.0.0.1', '::1'] }, live: { direct_api_enabled: false } },
      api_keys: [{ api_key: merchant.apiKey, environment: 'sandbox', key_version: 1, expires_at: null }],
    });
    expect(JSON.stringify(response.body)).not.toContain(merchant.apiSecret);
    expect(JSON.stringify(response.body)).not.toContain('secret_sealed');
  });

  it('answers an unknown merchant with 404 1000011', async () => {
    const response = await operator.call('GET', '/admin/v1/merchants/MRC-000000');
    expect([response.status, response.body.code]).toEqual([404, '1000011']);
  });

  it('deactivates a merchant: its key gets 403 0055502 until it is activated again', async () => {
    const merchant = await operator.provisionMerchant();
    const client = new V4Client(stack.url('gateway'), merchant);
    expect((await client.get('/api/v4/bins/435509?amount=1.00')).status).toBe(200);
    const deactivated = await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/deactivate`);
    expect([deactivated.status, deactivated.body.status]).toEqual([200, 'inactive']);
    const refused = await client.get('/api/v4/bins/435509?amount=1.00');
    expect([refused.status, refused.body.code]).toEqual([403, '0055502']);
    await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/activate`);
    expect((await client.get('/api/v4/bins/435509?amount=1.00')).status).toBe(200);
  });

  it('lists the audit log newest first, across any number of entries', async () => {
    const merchant = await operator.provisionMerchant();
    const path = `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`;
    for (let i = 1; i <= 12; i += 1) await operator.call('PATCH', path, { settlement_delay_days: i });
    const response = await operator.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}/sandbox&per_page=100`);
    const delays = response.body.data
      .filter((entry: { action: string }) => entry.action === 'environment_settings.update')
      .map((entry: { after: { settlement_delay_days: number } }) => entry.after.settlement_delay_days);
    expect(delays.slice(0, 12)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    const ids = response.body.data.map((entry: { id: string }) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
  });

  it('records who did what with before and after, reads included, and the log cannot be changed', async () => {
    const merchant = await operator.provisionMerchant();
    await new OperatorClient(stack.url('gateway')).call('GET', `/admin/v1/merchants/${merchant.merchantCode}`);
    const response = await operator.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}&per_page=100`);
    expect(response.status).toBe(200);
    const actions = response.body.data.map((entry: { action: string }) => entry.action).reverse();
    expect(actions).toEqual(['merchant.create', 'api_key.issue', 'environment_settings.update']);
    const update = response.body.data[0];
    expect(update).toMatchObject({ actor: 'admin-token', target: `${merchant.merchantCode}/sandbox`, correlation_id: expect.any(String) });
    expect(update.before.ip_allowlist).toEqual([]);
    expect(update.after.ip_allowlist).toEqual(['127.0.0.1', '::1']);
    const reads = await operator.call('GET', `/admin/v1/audit-log?action=read&target=/admin/v1/merchants/${merchant.merchantCode}`);
    expect(reads.body.data.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(response.body)).not.toContain(merchant.apiSecret);

    const asGateway = new Client({ connectionString: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, 'gateway') });
    await asGateway.connect();
    try {
      await expect(asGateway.query("UPDATE gateway.audit_log SET actor = 'someone else' WHERE target = $1", [merchant.merchantCode])).rejects.toThrow(
        /append-only/,
      );
      await expect(asGateway.query('DELETE FROM gateway.audit_log WHERE target = $1', [merchant.merchantCode])).rejects.toThrow(/append-only/);
    } finally {
      await asGateway.end();
    }
  });

  it('broadcasts merchant settings on the compacted topic, without the allowlist', async () => {
    const merchant = await operator.provisionMerchant();
    const key = merchantEnvironmentKey(merchant.merchantCode, 'sandbox');
    await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, {
      webhook_url: 'https://hooks.merchant.example/platform',
      settlement_delay_days: 3,
    });
    const copy = await eventually(() => {
      const value = settings.get(key);
      return value?.webhook_url === 'https://hooks.merchant.example/platform' ? value : undefined;
    });
    expect(copy).toMatchObject({ merchant_code: merchant.merchantCode, environment: 'sandbox', settlement_delay_days: 3, status: 'active' });
    expect(copy).not.toHaveProperty('ip_allowlist');

    await operator.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/deactivate`);
    // One message per environment, on their own keys (and partitions): wait for both.
    const live = merchantEnvironmentKey(merchant.merchantCode, 'live');
    const statuses = await eventually(() => {
      const both = [settings.get(key)?.status, settings.get(live)?.status];
      return both.every((status) => status === 'inactive') ? both : undefined;
    });
    expect(statuses).toEqual(['inactive', 'inactive']);
  });

  it('lets a new reader rebuild the current settings from the topic alone', async () => {
    const merchant = await operator.provisionMerchant({ settings: { settlement_delay_days: 5 } });
    const key = merchantEnvironmentKey(merchant.merchantCode, 'sandbox');
    await eventually(() => (settings.get(key)?.settlement_delay_days === 5 ? true : undefined));
    const late = new ReferenceDataReader(kafka, MerchantEnvironmentChanged, createLogger('late-reader', 'warn'));
    await late.start();
    await late.ready;
    try {
      expect(late.get(key)?.settlement_delay_days).toBe(5);
    } finally {
      await late.stop();
    }
  });

  describe('BIN table', () => {
    const record = {
      bank_name: 'Live Test Bank',
      network: 'visa',
      card_type: 'debit',
      card_program: 'Classic',
      country: 'TR',
      domestic: true,
      payment_mode: 'hosted',
      channel_available: true,
    };

    it('lets the operator add a live BIN that live lookups then answer, audited with before and after', async () => {
      const bin = String(100000 + Math.floor(Math.random() * 800000));
      const put = await operator.call('PUT', `/admin/v1/bins/live/${bin}`, record);
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ bin, ...record, issuer_available: true });
      const live = await operator.provisionMerchant({ environment: 'live' });
      const lookup = await new V4Client(stack.url('gateway'), live).get(`/api/v4/bins/${bin}?amount=10.00`);
      expect(lookup.status).toBe(200);
      expect(lookup.body.data).toMatchObject({ bin, payment_mode: 'hosted', bank_name: 'Live Test Bank' });
      const changed = await operator.call('PUT', `/admin/v1/bins/live/${bin}`, { ...record, channel_available: false });
      expect(changed.status).toBe(200);
      const refused = await new V4Client(stack.url('gateway'), live).get(`/api/v4/bins/${bin}?amount=10.00`);
      expect([refused.status, refused.body.code]).toEqual([409, '0055230']);
      // orders-v4 announced each entry with its change (ADR 0039).
      const audit = await eventuallyAnswered(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=bins/live/${bin}`)).body.data,
        (entries: any[]) => entries.length >= 2,
        20000,
      );
      expect(audit.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
        ['bin.upsert', 'admin-token'],
        ['bin.upsert', 'admin-token'],
      ]);
      expect(audit[0].before).toMatchObject({ channel_available: true });
      expect(audit[0].after).toMatchObject({ channel_available: false });
    });

    it('answers orders for a card whose issuer the operator marked unavailable with 0055231, until it is back', async () => {
      const bin = String(100000 + Math.floor(Math.random() * 800000));
      const direct = { ...record, payment_mode: 'direct', issuer_available: false };
      expect((await operator.call('PUT', `/admin/v1/bins/live/${bin}`, direct)).body.issuer_available).toBe(false);
      const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant({ environment: 'live' }));
      expect((await client.get(`/api/v4/bins/${bin}?amount=10.00`)).status).toBe(200);
      const number = luhnComplete(`${bin}123456789`);
      const card = { holder_name: 'Ece Kaya', number, expiry_month: '12', expiry_year: '35', cvv: '123' };
      const refused = await client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', card });
      expect([refused.status, refused.body.code]).toEqual([409, '0055231']);
      await operator.call('PUT', `/admin/v1/bins/live/${bin}`, { ...direct, issuer_available: true });
      const accepted = await client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', card });
      expect(accepted.body.data.status).toBe('requires_action');
    });

    it('rejects a malformed BIN record with 422 1000001 naming the fields', async () => {
      const response = await operator.call('PUT', '/admin/v1/bins/live/12345', { ...record, network: 'diners', extra: 1 });
      expect([response.status, response.body.code]).toEqual([422, '1000001']);
      const body = await operator.call('PUT', '/admin/v1/bins/live/123456', { ...record, network: 'diners', extra: 1 });
      expect(Object.keys(body.body.errors).sort()).toEqual(['extra', 'network']);
    });
  });
});
