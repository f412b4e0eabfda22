import { randomBytes, randomUUID } from 'node:crypto';
import { OperatorClient, Stack, V3Client, eventually, type ProvisionedMerchant, type SignedResponse } from '@platform/testing';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
const BLACK_HOLE = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/**
 * USDT withdrawals through the real stack (gateway, payouts, ledger): every rule and
 * error, sandbox scenarios and the live operator workflow, the balance read back after
 * each step, and many parallel withdrawals against one balance.
 */
// The crash windows of the ledger steps (a step lost after the commit, an outage past the confirmation
// window, a request that reserved and never committed) are in apps/payouts/src/withdrawals/ledger-follow-up.int-spec.ts.
const STACK_ENV = { LEDGER_FOLLOW_UP_INTERVAL_MS: '300' };

describe('USDT withdrawals', () => {
  let stack: Stack;
  let operator: OperatorClient;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'payments-v3', 'ledger', 'payouts'], env: STACK_ENV });
    operator = new OperatorClient(stack.url('gateway'));
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function funded(
    amount: string,
    options: { environment?: 'sandbox' | 'live'; baseCurrency?: string; min?: string; daily?: string } = {},
  ): Promise<{ account: ProvisionedMerchant; v3: V3Client }> {
    const environment = options.environment ?? 'sandbox';
    const account = await operator.provisionMerchant({
      environment,
      baseCurrency: options.baseCurrency ?? 'TRY',
      settings: { withdrawal_min_amount: options.min ?? '10.00', withdrawal_daily_limit: options.daily ?? '100000.00' },
    });
    if (amount !== '0.00') await operator.creditWallet(account.merchantCode, amount, environment);
    return { account, v3: new V3Client(stack.url('gateway'), account) };
  }

  const withdraw = (v3: V3Client, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<SignedResponse> =>
    v3.request(
      'POST',
      '/api/v3/withdrawals',
      { address: ADDRESS, address_acknowledged: true, ...body },
      { headers: { 'Idempotency-Key': randomUUID(), ...headers } },
    );
  const available = async (v3: V3Client) => (await v3.request('GET', '/api/v3/balance')).body.available_amount;

  describe('sandbox', () => {
    it('sends at once with a synthetic hash and debits the virtual wallet', async () => {
      const { v3 } = await funded('500.00');
      const response = await withdraw(v3, { amount: '100.00' });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-cav-sandbox-scenario')).toBe('sent');
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'sent',
        amount: '100.00',
        currency: 'TRY',
        asset: 'USDT',
        network: 'TRC20',
        address: ADDRESS,
        usdt_amount: '2.900000',
        tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        rejection_reason: null,
        requested_at: expect.stringMatching(/Z$/),
        processed_at: expect.stringMatching(/Z$/),
        created_at: expect.stringMatching(/Z$/),
        environment: 'sandbox',
      });
      expect(await available(v3)).toBe('400.00');
      expect((await v3.request('GET', `/api/v3/withdrawals/${response.body.id}`)).body).toEqual(response.body);
    });

    it('rejects by scenario with the sandbox text and gives the amount back; accepts the zero address', async () => {
      const { v3 } = await funded('50.00');
      const rejected = await withdraw(v3, { amount: '20.00' }, { 'X-CAV-Sandbox-Scenario': 'rejected' });
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Sandbox scenario: rejected',
        tx_hash: null,
        processed_at: expect.stringMatching(/Z$/),
      });
      expect(rejected.headers.get('x-cav-sandbox-scenario')).toBe('rejected');
      expect(await available(v3)).toBe('50.00');
      const zero = await withdraw(v3, { amount: '20.00', address: ZERO_ADDRESS });
      expect([zero.status, zero.body.status]).toEqual([201, 'sent']);
      expect(await available(v3)).toBe('30.00');
    });

    it('converts into USDT at the current rate with exactly 6 decimals', async () => {
      const { v3 } = await funded('100.00', { baseCurrency: 'EUR' });
      const response = await withdraw(v3, { amount: '33.33' });
      expect(response.body).toMatchObject({ currency: 'EUR', usdt_amount: '35.996400' });
    });

    it('refuses every malformed request with 422 1000001 and changes nothing', async () => {
      const { v3 } = await funded('100.00');
      const cases: Record<string, unknown>[] = [
        { amount: '10' },
        { amount: 10 },
        { amount: '20.00', address: `${ADDRESS.slice(0, -1)}u` },
        { amount: '20.00', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' },
        { amount: '20.00', address: `T${'a'.repeat(64)}` },
        { amount: '20.00', address_acknowledged: false },
        { amount: '20.00', address_acknowledged: 'true' },
        { amount: '20.00', memo: 'hi' },
      ];
      for (const body of cases) {
        const response = await withdraw(v3, body);
        expect([response.status, response.body.code]).toEqual([422, '1000001']);
      }
      // Well formed but below any minimum: the minimum's code, not a schema error.
      expect((await withdraw(v3, { amount: '0.00' })).body.code).toBe('9000019');
      const missing = await v3.request('POST', '/api/v3/withdrawals', { amount: '20.00', address: ADDRESS }, { headers: { 'Idempotency-Key': randomUUID() } });
      expect(missing.body.errors).toHaveProperty('address_acknowledged');
      const noKey = await v3.request('POST', '/api/v3/withdrawals', { amount: '20.00', address: ADDRESS, address_acknowledged: true });
      expect(noKey.status).toBe(422);
      const badScenario = await withdraw(v3, { amount: '20.00' }, { 'X-CAV-Sandbox-Scenario': 'completed' });
      expect([badScenario.status, badScenario.body.code]).toEqual([422, '1000001']);
      expect(await available(v3)).toBe('100.00');
      expect((await v3.request('GET', '/api/v3/withdrawals')).body.meta.total).toBe(0);
    });

    it('applies the minimum, the daily limit, the balance and a negative wallet', async () => {
      const { account, v3 } = await funded('300.00', { min: '25.00', daily: '200.00' });
      const below = await withdraw(v3, { amount: '24.99' });
      expect([below.status, below.body.code]).toEqual([422, '9000019']);
      expect((await withdraw(v3, { amount: '150.00' })).status).toBe(201);
      // The sandbox applies the live limits to a rejected scenario too, and rejected requests do not count towards the day.
      const rejectedOverDaily = await withdraw(v3, { amount: '100.00' }, { 'X-CAV-Sandbox-Scenario': 'rejected' });
      expect([rejectedOverDaily.status, rejectedOverDaily.body.code]).toEqual([422, '9000021']);
      expect((await withdraw(v3, { amount: '40.00' }, { 'X-CAV-Sandbox-Scenario': 'rejected' })).status).toBe(201);
      const overDaily = await withdraw(v3, { amount: '50.01' });
      expect([overDaily.status, overDaily.body.code]).toEqual([422, '9000021']);
      expect((await withdraw(v3, { amount: '50.00' })).status).toBe(201);
      expect(await available(v3)).toBe('100.00');

      const poor = await funded('30.00');
      const tooMuch = await withdraw(poor.v3, { amount: '30.01' });
      expect([tooMuch.status, tooMuch.body.code]).toEqual([422, '9000020']);
      await operator.call(
        'POST',
        `/admin/v1/merchants/${poor.account.merchantCode}/environments/sandbox/wallet-adjustments`,
        { wallet: 'shop', direction: 'debit', amount: '5.00', reason: 'chargeback fee' },
        { 'Idempotency-Key': randomUUID() },
      );
      const blocked = await withdraw(poor.v3, { amount: '10.00' });
      expect([blocked.status, blocked.body.code]).toEqual([409, '9000022']);
      expect(await available(poor.v3)).toBe('30.00');
      expect(account.merchantCode).toMatch(/^MRC-/);
    });

    it('answers a repeated Idempotency-Key with the original body, and refuses it with another scenario or body', async () => {
      const { v3 } = await funded('100.00');
      const key = randomUUID();
      const first = await withdraw(v3, { amount: '40.00' }, { 'Idempotency-Key': key });
      const repeat = await withdraw(v3, { amount: '40.00' }, { 'Idempotency-Key': key });
      expect([repeat.status, repeat.body]).toEqual([201, first.body]);
      const otherScenario = await withdraw(v3, { amount: '40.00' }, { 'Idempotency-Key': key, 'X-CAV-Sandbox-Scenario': 'rejected' });
      expect([otherScenario.status, otherScenario.body.code]).toEqual([409, '9000010']);
      const otherBody = await withdraw(v3, { amount: '41.00' }, { 'Idempotency-Key': key });
      expect([otherBody.status, otherBody.body.code]).toEqual([409, '9000039']);
      expect(await available(v3)).toBe('60.00');
    });

    it('never overdraws one balance under many parallel withdrawals', async () => {
      const { v3 } = await funded('100.00');
      const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(v3, { amount: '15.00' })));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(6);
      expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.code)).toEqual(Array(14).fill('9000020'));
      expect(await available(v3)).toBe('10.00');
      expect((await v3.request('GET', '/api/v3/withdrawals?status=sent')).body.meta.total).toBe(6);
    });

    it('lists with paging and a status filter, refuses bad paging, and shows nobody else the withdrawals', async () => {
      const { v3 } = await funded('100.00');
      await withdraw(v3, { amount: '10.00' });
      await withdraw(v3, { amount: '10.00' }, { 'X-CAV-Sandbox-Scenario': 'rejected' });
      await withdraw(v3, { amount: '10.00' });
      const page = await v3.request('GET', '/api/v3/withdrawals?per_page=2&page=2');
      expect([page.body.data.length, page.body.meta]).toEqual([1, { page: 2, per_page: 2, total: 3, total_pages: 2 }]);
      expect((await v3.request('GET', '/api/v3/withdrawals?status=rejected')).body.meta.total).toBe(1);
      for (const query of ['page=0', 'per_page=101', 'status=requested_', 'x=1'])
        expect((await v3.request('GET', `/api/v3/withdrawals?${query}`)).status).toBe(422);
      const stranger = (await funded('0.00')).v3;
      expect((await stranger.request('GET', `/api/v3/withdrawals/${page.body.data[0].id}`)).status).toBe(404);
    });
  });

  describe('live', () => {
    it('reserves on request, refuses burn addresses and the scenario header, and the operator sends it with the hash (audited)', async () => {
      const { account, v3 } = await funded('1000.00', { environment: 'live' });
      for (const address of [ZERO_ADDRESS, BLACK_HOLE]) {
        const burn = await withdraw(v3, { amount: '100.00', address });
        expect([burn.status, burn.body.code]).toEqual([422, '1000030']);
      }
      const scenario = await withdraw(v3, { amount: '100.00' }, { 'X-CAV-Sandbox-Scenario': 'sent' });
      expect([scenario.status, scenario.body.code]).toEqual([422, '1000001']);
      const requested = await withdraw(v3, { amount: '250.00' });
      expect(requested.status).toBe(201);
      expect(requested.headers.get('x-cav-sandbox-scenario')).toBeNull();
      expect(requested.body).toMatchObject({ status: 'requested', tx_hash: null, processed_at: null, environment: 'live', usdt_amount: '7.250000' });
      expect(await available(v3)).toBe('750.00');

      const queued = await operator.findListed('/admin/v1/withdrawals?environment=live&per_page=100', (w) => w.id === requested.body.id);
      expect(queued).toMatchObject({ status: 'requested', merchant_code: account.merchantCode });
      const badHash = await operator.call('POST', `/admin/v1/withdrawals/${requested.body.id}/send`, { tx_hash: 'ABC' });
      expect([badHash.status, badHash.body.code]).toEqual([422, '1000001']);
      const hash = randomBytes(32).toString('hex');
      const sent = await operator.call('POST', `/admin/v1/withdrawals/${requested.body.id}/send`, { tx_hash: hash });
      expect(sent.body).toMatchObject({ status: 'sent', tx_hash: hash, processed_at: expect.stringMatching(/Z$/) });
      expect((await v3.request('GET', `/api/v3/withdrawals/${requested.body.id}`)).body).toMatchObject({ status: 'sent', tx_hash: hash });
      expect(await available(v3)).toBe('750.00');
      expect((await operator.call('POST', `/admin/v1/withdrawals/${requested.body.id}/reject`, { reason: 'too late' })).body.code).toBe('1000012');
      // Payouts announces the entry with the change; the gateway's audit log keeps it a moment later. The refused reject left none.
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?target=${account.merchantCode}/withdrawals/${requested.body.id}`)).body.data,
        (entries: any[]) => entries.length > 0,
        20000,
      );
      expect(audit.map((entry: any) => [entry.action, entry.actor, entry.before.status, entry.after.status])).toEqual([
        ['withdrawal.send', 'admin-token', 'requested', 'sent'],
      ]);
    });

    it('gives the amount back when the operator rejects with a reason', async () => {
      const { v3 } = await funded('300.00', { environment: 'live' });
      const requested = (await withdraw(v3, { amount: '120.00' })).body;
      expect(await available(v3)).toBe('180.00');
      expect((await operator.call('POST', `/admin/v1/withdrawals/${requested.id}/reject`, { reason: 'no' })).status).toBe(422);
      const rejected = await operator.call('POST', `/admin/v1/withdrawals/${requested.id}/reject`, { reason: 'address belongs to a sanctioned party' });
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        rejection_reason: 'address belongs to a sanctioned party',
        processed_at: expect.stringMatching(/Z$/),
      });
      expect(await available(v3)).toBe('300.00');
      // The rejected amount no longer counts towards the day.
      expect((await withdraw(v3, { amount: '300.00' })).status).toBe(201);
    });
  });
});
