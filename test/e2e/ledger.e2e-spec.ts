import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  OperatorClient,
  Stack,
  V3Client,
  V4Client,
  cardFields,
  eventually,
  openScreen,
  payOnPaymentPage,
  submitForm,
  testInfrastructure,
  type ProvisionedMerchant,
  sendUnreadableMoneyEvent,
} from '@platform/testing';

/**
 * Balances through the real stack: payments paid on the v3 page and Direct API orders
 * are booked by the ledger from their events, live money waits for settlement, FX
 * conversion into the base currency, operator adjustments (audited), the trial balance,
 * and balances equal to a recomputation from the journal.
 */
describe('ledger and balances', () => {
  let stack: Stack;
  let operator: OperatorClient;
  let db: Client;

  beforeAll(async () => {
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger'],
      env: { SETTLEMENT_SWEEP_INTERVAL_MS: '300' },
    });
    operator = new OperatorClient(stack.url('gateway'));
    db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  async function payOnPage(merchant: ProvisionedMerchant, amount: string, currency = 'TRY'): Promise<string> {
    const v3 = new V3Client(stack.url('gateway'), merchant);
    const created = await v3.request('POST', '/api/v3/payments', { amount, currency_code: currency }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(created.status).toBe(201);
    await payOnPaymentPage(created.body.payment_url);
    expect((await v3.request('GET', `/api/v3/payments/${created.body.code}`)).body.status).toBe('paid');
    return created.body.code;
  }

  const balanceOf = async (merchant: ProvisionedMerchant) => (await new V3Client(stack.url('gateway'), merchant).request('GET', '/api/v3/balance')).body;
  const withdrawableOf = async (merchant: ProvisionedMerchant) =>
    (await new V3Client(stack.url('gateway'), merchant).request('GET', '/api/v3/balance/withdrawable')).body;

  /** The merchant's balances recomputed from the postings, not from the running totals. */
  async function journalTotals(merchant: ProvisionedMerchant): Promise<Record<string, string>> {
    const { rows } = await db.query(
      `SELECT a.part, COALESCE(sum(p.amount), 0)::numeric(20, 2)::text AS total FROM ledger.accounts a LEFT JOIN ledger.postings p ON p.account_id = a.id
        WHERE a.owner = $1 AND a.environment = $2 GROUP BY a.part`,
      [merchant.merchantCode, merchant.environment],
    );
    return Object.fromEntries(rows.map((row) => [row.part, row.total]));
  }

  it('starts every merchant at zero in its base currency', async () => {
    const merchant = await operator.provisionMerchant({ baseCurrency: 'EUR' });
    expect(await balanceOf(merchant)).toEqual({ currency_code: 'EUR', available_amount: '0.00', pending_settlement_amount: '0.00', environment: 'sandbox' });
    expect(await withdrawableOf(merchant)).toEqual({ currency_code: 'EUR', withdrawable_amount: '0.00', can_withdraw: true, environment: 'sandbox' });
  });

  it('credits the virtual API wallet at once for a sandbox payment', async () => {
    const merchant = await operator.provisionMerchant();
    await payOnPage(merchant, '125.50');
    await payOnPage(merchant, '74.50');
    const balance = await eventually(
      () => balanceOf(merchant),
      (body) => body.available_amount === '200.00',
    );
    expect(balance).toEqual({ currency_code: 'TRY', available_amount: '200.00', pending_settlement_amount: '0.00', environment: 'sandbox' });
    expect(await withdrawableOf(merchant)).toEqual({ currency_code: 'TRY', withdrawable_amount: '200.00', can_withdraw: true, environment: 'sandbox' });
    expect(await journalTotals(merchant)).toEqual({ available: '200.00' });
  });

  it('holds a live payment in pending settlement until its settlement date, then makes it available', async () => {
    const waiting = await operator.provisionMerchant({ environment: 'live', settings: { settlement_delay_days: 1 } });
    await payOnPage(waiting, '99.90');
    const pending = await eventually(
      () => balanceOf(waiting),
      (body) => body.pending_settlement_amount === '99.90',
    );
    expect(pending).toEqual({ currency_code: 'TRY', available_amount: '0.00', pending_settlement_amount: '99.90', environment: 'live' });

    const sameDay = await operator.provisionMerchant({ environment: 'live', settings: { settlement_delay_days: 0 } });
    await payOnPage(sameDay, '40.00');
    const settled = await eventually(
      () => balanceOf(sameDay),
      (body) => body.available_amount === '40.00',
    );
    expect(settled).toEqual({ currency_code: 'TRY', available_amount: '40.00', pending_settlement_amount: '0.00', environment: 'live' });
    expect(await journalTotals(sameDay)).toEqual({ available: '40.00', pending_settlement: '0.00' });
    expect((await balanceOf(waiting)).pending_settlement_amount).toBe('99.90');
  });

  it('converts payments and Direct API orders into the base currency of the account', async () => {
    const merchant = await operator.provisionMerchant({ baseCurrency: 'USD' });
    await payOnPage(merchant, '100.00', 'EUR');
    const v4 = new V4Client(stack.url('gateway'), merchant);
    const orderId = `ord_${randomUUID()}`;
    const order = await v4.request('POST', '/api/v4/orders', {
      merchant_order_id: orderId,
      amount: '250.00',
      card: cardFields('4355090000044242', { expiry_year: '31' }),
    });
    const screen = await openScreen(order.body.data.redirect_url);
    await submitForm(order.body.data.redirect_url, screen, { result: 'success' });
    // 100 EUR at 1.08 USD and 250 TRY at 0.029 USD, the seeded rates.
    const balance = await eventually(
      () => balanceOf(merchant),
      (body) => body.available_amount === '115.25',
    );
    expect(balance.currency_code).toBe('USD');
    const { rows } = await db.query(`SELECT fx FROM ledger.transactions WHERE merchant_code = $1 AND kind = 'payment' ORDER BY occurred_at`, [
      merchant.merchantCode,
    ]);
    expect(rows.map((row) => row.fx.original_currency).sort()).toEqual(['EUR', 'TRY']);
  });

  describe('operator', () => {
    it('parks a money event it cannot apply, lists it for operators, and refuses to replay what cannot be read', async () => {
      // A hundred and one older unreadable events wait already (they never leave the list): the new one must still be found.
      const older = await db.query(
        `INSERT INTO ledger.parked_events (consumer, event_id, event_type, topic, partition, message_offset, message, reason, failures)
         SELECT 'ledger.events', NULL, NULL, $1, 0, n::text, 'not json {', 'malformed envelope', 1 FROM generate_series(1, 101) AS n RETURNING id`,
        [`older-junk-${randomUUID()}`],
      );
      try {
        const eventId = await sendUnreadableMoneyEvent();
        const parked = await eventually(
          async () => ((await operator.call('GET', `/admin/v1/ledger/parked-events?event_id=${eventId}`)).body.data as { id: string; event_id: string }[])[0],
          (found) => found !== undefined,
          // The ledger takes the event in its partition's order: behind the backlog earlier suites left on the shared topics
          // (stacks without a ledger) and behind any event being retried there. 15 s was once not enough on a loaded CI run.
          60000,
        );
        expect(parked).toMatchObject({ event_id: eventId, event_type: 'payment.paid', reason: expect.stringMatching(/^invalid payload/), failures: 1 });
        const shouted = await operator.call('GET', `/admin/v1/ledger/parked-events?event_id=${eventId.toUpperCase()}`);
        expect(shouted.body.data.map((event: { id: string }) => event.id)).toEqual([parked!.id]);
        // Oldest first, a page at a time: however many unreadable events wait (they never leave), the newest is on the last page.
        const first = await operator.call('GET', '/admin/v1/ledger/parked-events?per_page=1');
        expect(first.body.meta).toMatchObject({ page: 1, per_page: 1, total: expect.any(Number) });
        const last = await operator.call('GET', `/admin/v1/ledger/parked-events?per_page=1&page=${first.body.meta.total_pages}`);
        expect(Number(last.body.data[0].id)).toBeGreaterThanOrEqual(Number(parked!.id));
        for (const bad of ['per_page=0', 'per_page=101', 'page=x', 'event_id=not-a-uuid', 'merchant=MRC-000001']) {
          const refused = await operator.call('GET', `/admin/v1/ledger/parked-events?${bad}`);
          expect([bad, refused.status, refused.body.code]).toEqual([bad, 422, '1000001']);
        }
        const replay = await operator.call('POST', `/admin/v1/ledger/parked-events/${parked!.id}/replay`);
        expect([replay.status, replay.body.code]).toEqual([409, '1000012']);
        expect((await operator.call('POST', '/admin/v1/ledger/parked-events/999999999/replay')).status).toBe(404);
        const metrics = await (await fetch(`${stack.url('ledger')}/metrics`)).text();
        expect(metrics).toMatch(/events_parked_total\{[^}]*event_type="payment\.paid"[^}]*\} [1-9]/);
      } finally {
        await db.query('DELETE FROM ledger.parked_events WHERE id = ANY($1::bigint[])', [older.rows.map((row) => row.id)]);
      }
    });

    it('credits and debits a wallet by hand, once per Idempotency-Key, audited; a negative part stops withdrawals', async () => {
      const merchant = await operator.provisionMerchant();
      const path = `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallet-adjustments`;
      const key = randomUUID();
      const credit = { wallet: 'api', direction: 'credit', amount: '50.00', reason: 'goodwill for ticket 4411' };
      const first = await operator.call('POST', path, credit, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ transaction_id: expect.any(String), created: true });
      const again = await operator.call('POST', path, credit, { 'Idempotency-Key': key });
      expect(again.body).toEqual({ transaction_id: first.body.transaction_id, created: false });
      expect((await balanceOf(merchant)).available_amount).toBe('50.00');

      await operator.call('POST', path, { ...credit, direction: 'debit', amount: '80.00', reason: 'chargeback fee' }, { 'Idempotency-Key': randomUUID() });
      expect(await withdrawableOf(merchant)).toMatchObject({ withdrawable_amount: '-30.00', can_withdraw: false });
      const wallets = await operator.call('GET', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallets`);
      expect(wallets.body.wallets[0]).toEqual({ wallet: 'api', available: '-30.00', pending_settlement: '0.00', reserved: '0.00' });
      // The ledger announces each entry with its booking (ADR 0039); the repeat under the same key booked nothing and announced nothing.
      const audit = await eventually(
        async () => (await operator.call('GET', `/admin/v1/audit-log?action=wallet.adjust&target=${merchant.merchantCode}`)).body.data,
        (entries: any[]) => entries.length >= 2,
        20000,
      );
      expect(audit.map((entry: any) => [entry.actor, entry.after.amount])).toEqual([
        ['admin-token', '80.00'],
        ['admin-token', '50.00'],
      ]);
    });

    it('refuses a bad adjustment and changes nothing', async () => {
      const merchant = await operator.provisionMerchant();
      const path = `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox/wallet-adjustments`;
      const good = { wallet: 'api', direction: 'credit', amount: '5.00', reason: 'test' };
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [good, {}],
        [{ ...good, amount: '5' }, { 'Idempotency-Key': randomUUID() }],
        [{ ...good, amount: '0.00' }, { 'Idempotency-Key': randomUUID() }],
        [{ ...good, wallet: 'savings' }, { 'Idempotency-Key': randomUUID() }],
        [{ ...good, reason: '' }, { 'Idempotency-Key': randomUUID() }],
        [{ ...good, extra: true }, { 'Idempotency-Key': randomUUID() }],
      ];
      for (const [body, headers] of cases) {
        const response = await operator.call('POST', path, body, headers);
        expect([response.status, response.body.code]).toEqual([422, '1000001']);
      }
      const unknown = await operator.call('POST', '/admin/v1/merchants/MRC-000000/environments/sandbox/wallet-adjustments', good, {
        'Idempotency-Key': randomUUID(),
      });
      expect(unknown.status).toBe(404);
      expect((await balanceOf(merchant)).available_amount).toBe('0.00');
    });

    it('proves the books balance', async () => {
      const trial = await operator.call('GET', '/admin/v1/ledger/trial-balance');
      expect(trial.status).toBe(200);
      expect(trial.body).toMatchObject({ balanced: true, unbalanced_transactions: [], mismatched_accounts: [] });
      expect(trial.body.transactions).toBeGreaterThan(0);
      for (const total of trial.body.totals) expect(total.sum).toBe('0.00');
    });
  });

  it('answers an unsigned balance request with 401 in the problem format', async () => {
    const response = await fetch(`${stack.url('gateway')}/api/v3/balance`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});
