import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { OperatorClient, Stack, V3Client, eventually, testInfrastructure } from '@platform/testing';

/**
 * Operator identities on the real stack (issue 22): named, scoped, revocable tokens issued by
 * an admin; every role refused (403 1000014) what it may not do, with nothing changed; the
 * audit log naming the token, not a header the caller chose; a revoked or expired token
 * stopped at its next call.
 */
describe('operator tokens and roles', () => {
  let stack: Stack;
  let bootstrap: OperatorClient;
  let db: Client;
  const suffix = randomUUID().slice(0, 8);

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'ledger', 'payouts'],
      // Four eyes from 100.00 TRY.
      env: { FOUR_EYES_MIN_AMOUNTS: 'TRY:100.00' },
    });
    bootstrap = new OperatorClient(stack.url('gateway'));
    db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  async function issued(role: string, expiresInDays?: number): Promise<{ id: string; name: string; client: OperatorClient }> {
    const name = `${role}-${suffix}-${randomUUID().slice(0, 4)}`;
    const answer = await bootstrap.call('POST', '/admin/v1/operator-tokens', { name, role, ...(expiresInDays ? { expires_in_days: expiresInDays } : {}) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name, role, created_by: 'admin-token', revoked_at: null, token: expect.stringMatching(/^opt_[A-Za-z0-9_-]{43}$/) });
    return { id: answer.body.id, name, client: new OperatorClient(stack.url('gateway'), answer.body.token) };
  }

  const adjustment = (amount: string) => ({ wallet: 'api', direction: 'credit', amount, reason: 'role test' });
  const walletPath = (merchantCode: string) => `/admin/v1/merchants/${merchantCode}/environments/sandbox/wallet-adjustments`;

  it('issues a token once, lists it without the token, and refuses bad requests to issue one, creating nothing', async () => {
    const viewer = await issued('viewer', 30);
    const listed = await bootstrap.call('GET', '/admin/v1/operator-tokens');
    const mine = listed.body.data.find((token: any) => token.id === viewer.id);
    expect(mine).toMatchObject({ name: viewer.name, role: 'viewer', revoked_at: null });
    expect(Object.keys(mine)).not.toContain('token');
    expect(JSON.stringify(listed.body)).not.toMatch(/opt_/);
    const { rows } = await db.query('SELECT token_sha256 FROM gateway.operator_tokens WHERE id = $1', [viewer.id]);
    expect(rows[0].token_sha256).toMatch(/^[0-9a-f]{64}$/);

    const before = listed.body.data.length;
    for (const body of [
      {},
      { name: `x-${suffix}`, role: 'root' },
      { name: 'A', role: 'viewer' },
      { name: `ok-${suffix}`, role: 'viewer', expires_in_days: 0 },
      { name: `ok-${suffix}`, role: 'viewer', expires_in_days: 366 },
      { name: `ok-${suffix}`, role: 'viewer', colour: 'red' },
    ]) {
      const refused = await bootstrap.call('POST', '/admin/v1/operator-tokens', body);
      expect([refused.status, refused.body.code]).toEqual([422, '1000001']);
    }
    const taken = await bootstrap.call('POST', '/admin/v1/operator-tokens', { name: viewer.name, role: 'admin' });
    expect([taken.status, taken.body.code, taken.body.errors]).toEqual([409, '1000012', { name: ['is taken'] }]);
    expect((await bootstrap.call('GET', '/admin/v1/operator-tokens')).body.data).toHaveLength(before);
  });

  it('lets each role do its work and refuses the rest with 403 1000014, changing nothing', async () => {
    const [viewer, support, finance, admin] = await Promise.all(['viewer', 'support', 'finance', 'admin'].map((role) => issued(role)));
    const merchant = await admin.client.provisionMerchant({ name: 'Roles Shop' });
    const newMerchant = { name: 'Not Allowed', base_currency: 'TRY' };

    // Everyone reads.
    for (const role of [viewer, support, finance]) expect((await role.client.call('GET', `/admin/v1/merchants/${merchant.merchantCode}`)).status).toBe(200);

    // Viewers and support change no money; finance does, once per key.
    for (const role of [viewer, support]) {
      const refused = await role.client.call('POST', walletPath(merchant.merchantCode), adjustment('10.00'), { 'Idempotency-Key': randomUUID() });
      expect([refused.status, refused.body.code]).toEqual([403, '1000014']);
    }
    const credited = await finance.client.call('POST', walletPath(merchant.merchantCode), adjustment('25.00'), {
      'Idempotency-Key': randomUUID(),
      // Not believed: the token says who this is.
      'X-Operator-Id': 'mallory',
    });
    expect(credited.status).toBe(201);
    const wallets = await viewer.client.call('GET', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallets`);
    expect(wallets.body.wallets[0]).toMatchObject({ wallet: 'api', available: '25.00' });

    // Only admins create merchants, change their settings, issue tokens; finance and support cannot.
    for (const role of [viewer, support, finance]) {
      expect((await role.client.call('POST', '/admin/v1/merchants', newMerchant)).body.code).toBe('1000014');
      expect((await role.client.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, { webhook_url: null })).status).toBe(403);
      expect((await role.client.call('POST', '/admin/v1/operator-tokens', { name: `x-${randomUUID().slice(0, 6)}`, role: 'admin' })).status).toBe(403);
      expect((await role.client.call('GET', '/admin/v1/operator-tokens')).status).toBe(403);
      expect((await role.client.call('PUT', '/admin/v1/maintenance/payments', { note: 'no', until: null })).status).toBe(403);
    }
    expect((await bootstrap.call('GET', `/admin/v1/merchants?per_page=100`)).body.data.some((m: any) => m.name === 'Not Allowed')).toBe(false);
    // A refusal is not a read of anything: the adjustment stands alone.
    expect((await viewer.client.call('GET', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallets`)).body.wallets[0].available).toBe(
      '25.00',
    );

    // The audit log names the token; the ledger wrote the entry with the booking (ADR 0039).
    const audit = await eventually(
      async () => (await viewer.client.call('GET', `/admin/v1/audit-log?action=wallet.adjust&target=${merchant.merchantCode}`)).body.data,
      (entries: any[]) => entries.length > 0,
      20000,
    );
    expect(audit.map((entry: any) => entry.actor)).toEqual([`token:${finance.name}`]);
    const issuedEntry = await bootstrap.call('GET', `/admin/v1/audit-log?action=operator_token.issue&target=operator-tokens/${finance.id}`);
    expect(issuedEntry.body.data).toEqual([
      expect.objectContaining({ actor: 'admin-token', after: expect.objectContaining({ name: finance.name, role: 'finance' }) }),
    ]);
    expect(JSON.stringify(issuedEntry.body)).not.toMatch(/opt_/);
  });

  it('stops a revoked token and an expired one at their next call, and refuses a token it never issued', async () => {
    const finance = await issued('finance');
    const admin = await issued('admin');
    const merchant = await admin.client.provisionMerchant();
    expect((await finance.client.call('GET', '/admin/v1/merchants?per_page=1')).status).toBe(200);
    const revoked = await admin.client.call('POST', `/admin/v1/operator-tokens/${finance.id}/revoke`);
    expect(revoked.body).toMatchObject({ id: finance.id, revoked_at: expect.any(String), revoked_by: `token:${admin.name}` });
    const again = await admin.client.call('POST', `/admin/v1/operator-tokens/${finance.id}/revoke`);
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
    const refused = await finance.client.call('POST', walletPath(merchant.merchantCode), adjustment('5.00'), { 'Idempotency-Key': randomUUID() });
    expect([refused.status, refused.body.code]).toEqual([401, '1000010']);
    const wallets = (await admin.client.call('GET', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallets`)).body.wallets;
    expect(wallets.filter((wallet: any) => wallet.available !== '0.00')).toEqual([]);

    // Expiry, as if its days had passed.
    const viewer = await issued('viewer', 1);
    expect((await viewer.client.call('GET', '/admin/v1/merchants?per_page=1')).status).toBe(200);
    await db.query(`UPDATE gateway.operator_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [viewer.id]);
    expect((await viewer.client.call('GET', '/admin/v1/merchants?per_page=1')).status).toBe(401);

    expect((await new OperatorClient(stack.url('gateway'), `opt_${'A'.repeat(43)}`).call('GET', '/admin/v1/merchants')).status).toBe(401);
    expect((await admin.client.call('POST', '/admin/v1/operator-tokens/not-a-uuid/revoke')).status).toBe(422);
    expect((await admin.client.call('POST', `/admin/v1/operator-tokens/${randomUUID()}/revoke`)).status).toBe(404);
  });

  it('finds merchants by search and status, and audit entries by actor and time, refusing bad filters', async () => {
    const admin = await issued('admin');
    const finance = await issued('finance');
    const unique = `Zebra ${suffix}`;
    const zebra = await admin.client.provisionMerchant({ name: `${unique} Shop` });
    const other = await admin.client.provisionMerchant({ name: `${unique} Market` });
    const found = await finance.client.call('GET', `/admin/v1/merchants?search=${encodeURIComponent(unique.toLowerCase())}`);
    expect(found.body.data.map((m: any) => m.merchant_code).sort()).toEqual([zebra.merchantCode, other.merchantCode].sort());
    expect(found.body.meta.total).toBe(2);
    expect((await finance.client.call('GET', `/admin/v1/merchants?search=${zebra.merchantCode}`)).body.data).toEqual([
      expect.objectContaining({ merchant_code: zebra.merchantCode }),
    ]);
    // LIKE's wildcards are plain characters in a search.
    expect((await finance.client.call('GET', `/admin/v1/merchants?search=${encodeURIComponent(`${suffix}%`)}`)).body.meta.total).toBe(0);
    await admin.client.call('POST', `/admin/v1/merchants/${other.merchantCode}/deactivate`, {});
    const inactive = await finance.client.call('GET', `/admin/v1/merchants?search=${encodeURIComponent(unique)}&status=inactive`);
    expect(inactive.body.data.map((m: any) => m.merchant_code)).toEqual([other.merchantCode]);
    for (const query of ['status=closed', 'search=', 'colour=red']) {
      const refused = await finance.client.call('GET', `/admin/v1/merchants?${query}`);
      expect([refused.status, refused.body.code]).toEqual([422, '1000001']);
    }

    const before = new Date().toISOString();
    await finance.client.call('POST', walletPath(zebra.merchantCode), adjustment('3.00'), { 'Idempotency-Key': randomUUID() });
    await eventually(
      async () => (await admin.client.call('GET', `/admin/v1/audit-log?action=wallet.adjust&target=${zebra.merchantCode}`)).body.data,
      (entries: any[]) => entries.length > 0,
      20000,
    );
    const byActor = await admin.client.call('GET', `/admin/v1/audit-log?actor=${encodeURIComponent(`token:${finance.name}`)}&per_page=100`);
    expect(byActor.body.data.length).toBeGreaterThan(0);
    expect(new Set(byActor.body.data.map((entry: any) => entry.actor))).toEqual(new Set([`token:${finance.name}`]));
    expect(byActor.body.data.map((entry: any) => entry.action)).toContain('wallet.adjust');
    const inWindow = await admin.client.call(
      'GET',
      `/admin/v1/audit-log?action=wallet.adjust&target=${zebra.merchantCode}&from=${encodeURIComponent(before)}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(inWindow.body.data).toHaveLength(1);
    const earlier = await admin.client.call('GET', `/admin/v1/audit-log?action=wallet.adjust&target=${zebra.merchantCode}&to=${encodeURIComponent(before)}`);
    expect(earlier.body.data).toHaveLength(0);
    const badTime = await admin.client.call('GET', '/admin/v1/audit-log?from=yesterday');
    expect([badTime.status, badTime.body.code, badTime.body.errors]).toEqual([422, '1000001', { from: ['must be an ISO 8601 date-time'] }]);
  });

  it('sends a withdrawal above the four-eyes amount only with a second operator: refused for the approver, accepted for another', async () => {
    const [first, second, admin] = await Promise.all([issued('finance'), issued('finance'), issued('admin')]);
    const merchant = await admin.client.provisionMerchant({
      environment: 'live',
      settings: { withdrawal_min_amount: '10.00', withdrawal_daily_limit: '100000.00' },
    });
    const credit = await first.client.call('POST', `/admin/v1/merchants/${merchant.merchantCode}/environments/live/wallet-adjustments`, adjustment('1000.00'), {
      'Idempotency-Key': randomUUID(),
    });
    expect(credit.status).toBe(201);
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const requested = await v3.request(
      'POST',
      '/api/v3/withdrawals',
      { amount: '400.00', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    expect([requested.status, requested.body.status]).toEqual([201, 'requested']);
    const id = requested.body.id as string;
    const hash = 'd'.repeat(64);

    const unapproved = await first.client.call('POST', `/admin/v1/withdrawals/${id}/send`, { tx_hash: hash });
    expect([unapproved.status, unapproved.body.code]).toEqual([409, '1000015']);
    const approved = await first.client.call('POST', `/admin/v1/withdrawals/${id}/approve`, {});
    expect(approved.body).toMatchObject({ status: 'requested', approved_by: `token:${first.name}` });
    // The queue shows who approved, for the second operator to see; the merchant's own list does not.
    const queued = await second.client.findListed('/admin/v1/withdrawals?environment=live&per_page=100', (item) => item.id === id);
    expect(queued).toMatchObject({ approved_by: `token:${first.name}`, merchant_code: merchant.merchantCode });
    const own = (await v3.request('GET', '/api/v3/withdrawals')).body.data.find((item: any) => item.id === id);
    expect(Object.keys(own)).not.toContain('approved_by');
    const byApprover = await first.client.call('POST', `/admin/v1/withdrawals/${id}/send`, { tx_hash: hash });
    expect([byApprover.status, byApprover.body.code]).toEqual([409, '1000015']);
    expect((await v3.request('GET', `/api/v3/withdrawals/${id}`)).body).toMatchObject({ status: 'requested', tx_hash: null });
    // A viewer may not approve either.
    const viewer = await issued('viewer');
    expect((await viewer.client.call('POST', `/admin/v1/withdrawals/${id}/approve`, {})).status).toBe(403);

    const sent = await second.client.call('POST', `/admin/v1/withdrawals/${id}/send`, { tx_hash: hash });
    expect(sent.body).toMatchObject({ status: 'sent', tx_hash: hash, approved_by: `token:${first.name}` });
    expect((await v3.request('GET', `/api/v3/withdrawals/${id}`)).body).toMatchObject({ status: 'sent', tx_hash: hash });
    // The merchant's API shows no operator.
    expect(Object.keys((await v3.request('GET', `/api/v3/withdrawals/${id}`)).body)).not.toContain('approved_by');
    // Written by payouts with each change (ADR 0039): the refused send by the approver left no entry.
    const audit = await eventually(
      async () => (await admin.client.call('GET', `/admin/v1/audit-log?target=${merchant.merchantCode}/withdrawals/${id}`)).body.data,
      (entries: any[]) => entries.length >= 2,
      20000,
    );
    expect(audit.map((entry: any) => [entry.action, entry.actor])).toEqual([
      ['withdrawal.send', `token:${second.name}`],
      ['withdrawal.approve', `token:${first.name}`],
    ]);
  });
});
