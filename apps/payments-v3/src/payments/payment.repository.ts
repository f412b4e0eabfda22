import { Injectable, Optional } from '@nestjs/common';
import { ENVIRONMENTS, type Caller, type Owner, type PaymentStatus } from '@platform/contracts';
import { MoveRefused, ownerParams, queryPrepared, queryRows, type SqlExecutor } from '@platform/persistence';
import { BusinessCounters } from '@platform/service-kit';
import { PAYMENT_MOVES, type PaymentUpdate } from './payment-transitions';

export interface PaymentRow {
  id: string;
  public_id: string;
  order_public_id: string;
  code: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  merchant_reference: string | null;
  status: 'created' | 'paid' | 'expired';
  amount: string;
  currency_code: 'USD' | 'EUR' | 'AED' | 'TRY';
  merchant_name: string;
  webhook_url: string | null;
  return_url: string | null;
  page_token: string;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  card: { bin: string; last_four: string; network: string | null } | null;
  failure: { attempt_count: number; reason_code: string | null } | null;
  /** 1 when created, raised by every move in the UPDATE that makes it (ADR 0033). */
  version: number;
  /** A card is at a bank that has not answered its auth: the payment waits for it, expired or not (ADR 0014). */
  awaiting_bank: boolean;
}

/** A payment as a move left it, with the status it had before, read in the same statement. */
export type MovedPayment = PaymentRow & { previous_status: PaymentRow['status'] };

export type NewPaymentRow = Omit<
  PaymentRow,
  'id' | 'public_id' | 'order_public_id' | 'merchant_code' | 'environment' | 'status' | 'paid_at' | 'card' | 'failure' | 'version' | 'awaiting_bank'
>;

/** What the merchant's list narrows by; `created_to` is exclusive, `search` matches the start of the code or the reference. */
export interface PaymentListFilter {
  status: PaymentStatus | null;
  created_from: Date | null;
  created_to: Date | null;
  search: string | null;
}

/** A LIKE pattern that matches values starting with `text`, its own %, _ and backslash taken literally. */
export function startsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const COLUMNS = `id::text AS id, public_id, order_public_id, code, merchant_code, environment, merchant_reference, status, amount::text AS amount, currency_code, merchant_name,
  webhook_url, return_url, page_token, created_at, expires_at, paid_at, card, failure, version, awaiting_bank`;

/** The columns a new payment is inserted with: name, type, and its value from the payment and its owner. */
const NEW_PAYMENT_COLUMNS: [string, string, (item: { owner: Caller; payment: NewPaymentRow }) => unknown][] = [
  ['merchant_code', 'text', (item) => item.owner.merchantCode],
  ['environment', 'text', (item) => item.owner.environment],
  ['code', 'text', (item) => item.payment.code],
  ['merchant_reference', 'text', (item) => item.payment.merchant_reference],
  ['amount', 'numeric', (item) => item.payment.amount],
  ['currency_code', 'text', (item) => item.payment.currency_code],
  ['merchant_name', 'text', (item) => item.payment.merchant_name],
  ['webhook_url', 'text', (item) => item.payment.webhook_url],
  ['return_url', 'text', (item) => item.payment.return_url],
  ['page_token', 'text', (item) => item.payment.page_token],
  ['created_at', 'timestamptz', (item) => item.payment.created_at.toISOString()],
  ['expires_at', 'timestamptz', (item) => item.payment.expires_at.toISOString()],
];
const NEW_PAYMENT_NAMES = NEW_PAYMENT_COLUMNS.map(([name]) => name).join(', ');

/** All SQL over payments, idempotency keys and FX rates; payment queries are scoped to their owner. */
@Injectable()
export class PaymentRepository {
  constructor(@Optional() private readonly counters?: BusinessCounters) {}

  /** Payments by code, whoever owns them: the caller checks the owner (PaymentQueryService's batched reads). */
  async findByCodes(tx: SqlExecutor, codes: string[]): Promise<PaymentRow[]> {
    return queryRows<PaymentRow>(tx, `SELECT ${COLUMNS} FROM payments.payments WHERE code = ANY($1::text[])`, [codes]);
  }

  async findByCode(tx: SqlExecutor, owner: Caller, code: string, lock = false): Promise<PaymentRow | undefined> {
    const rows = await queryRows<PaymentRow>(
      tx,
      `SELECT ${COLUMNS} FROM payments.payments WHERE merchant_code = $1 AND environment = $2 AND code = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [owner.merchantCode, owner.environment, code],
    );
    return rows[0];
  }

  /**
   * A page of the owner's payments, newest first (an index scan by merchant, environment and
   * created_at). `status` is the status the API shows: an unpaid payment past `expires_at` is
   * expired at `now` even before the expiry job marks it.
   */
  async list(
    tx: SqlExecutor,
    owner: Caller,
    filter: PaymentListFilter,
    now: Date,
    limit: number,
    offset: number,
  ): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = `merchant_code = $1 AND environment = $2
      AND CASE $3::text WHEN 'created' THEN status = 'created' AND (expires_at > $4::timestamptz OR awaiting_bank)
                        WHEN 'expired' THEN status = 'expired' OR (status = 'created' AND expires_at <= $4::timestamptz AND NOT awaiting_bank)
                        WHEN 'paid' THEN status = 'paid'
                        ELSE true END
      AND ($5::timestamptz IS NULL OR created_at >= $5) AND ($6::timestamptz IS NULL OR created_at < $6)
      AND ($7::text IS NULL OR code LIKE lower($7) ESCAPE '\\' OR merchant_reference LIKE $7 ESCAPE '\\')`;
    const params = [
      ...ownerParams(owner),
      filter.status,
      now.toISOString(),
      filter.created_from?.toISOString() ?? null,
      filter.created_to?.toISOString() ?? null,
      filter.search === null ? null : startsWith(filter.search),
    ];
    const [rows, count] = await Promise.all([
      queryRows<PaymentRow>(tx, `SELECT ${COLUMNS} FROM payments.payments WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $8 OFFSET $9`, [
        ...params,
        limit,
        offset,
      ]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM payments.payments WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  /** Inserts a payment with no Idempotency-Key of its own (fixtures, imports). */
  async insert(db: SqlExecutor, owner: Caller, payment: NewPaymentRow): Promise<PaymentRow> {
    const [row] = await this.insertClaimed(db, { sql: 'SELECT $1::text AS resource_id', parameters: [payment.code] }, [{ owner, payment }]);
    return row!;
  }

  /**
   * Inserts payments in one statement with `claim` (IdempotencyStore's claimCompletedStatement,
   * which returns the `resource_id` of each key it claims): only the payments whose code it
   * returns are inserted and returned. One failing row (a reused reference) fails them all.
   */
  async insertClaimed(
    db: SqlExecutor,
    claim: { sql: string; parameters: unknown[] },
    payments: { owner: Caller; payment: NewPaymentRow }[],
  ): Promise<PaymentRow[]> {
    const first = claim.parameters.length + 1;
    const rows = await queryPrepared<PaymentRow>(
      db,
      `WITH claimed AS (${claim.sql})
       INSERT INTO payments.payments (${NEW_PAYMENT_NAMES})
       SELECT ${NEW_PAYMENT_NAMES} FROM unnest(${NEW_PAYMENT_COLUMNS.map(([, type], index) => `$${first + index}::${type}[]`).join(', ')}) AS p(${NEW_PAYMENT_NAMES})
        WHERE p.code IN (SELECT resource_id FROM claimed)
       RETURNING ${COLUMNS}`,
      [...claim.parameters, ...NEW_PAYMENT_COLUMNS.map(([, , of]) => payments.map(of))],
    );
    for (const row of rows) this.counters?.created(db, 'payment', row.status, row.environment);
    return rows;
  }

  /** The payment behind a customer's page address; the token is the customer's only credential. */
  async findById(tx: SqlExecutor, id: string, lock = false): Promise<PaymentRow | undefined> {
    const rows = await queryRows<PaymentRow>(tx, `SELECT ${COLUMNS} FROM payments.payments WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return rows[0];
  }

  async findByPageToken(tx: SqlExecutor, token: string, lock = false): Promise<PaymentRow | undefined> {
    const rows = await queryRows<PaymentRow>(tx, `SELECT ${COLUMNS} FROM payments.payments WHERE page_token = $1 ${lock ? 'FOR UPDATE' : ''}`, [token]);
    return rows[0];
  }

  /**
   * Takes one of the owner's moves on a payment, guarded by the states it leaves; callers check
   * the state under the row lock first, so a refusal is a bug. A failed attempt is counted:
   * `failure` keeps the last reason and every failure so far.
   *
   * Every move raises `version` in its own UPDATE (ADR 0033): a racing move waits for the row,
   * then either finds it in a state it may not leave or counts from the version the first one
   * wrote, so no two changes share a version. The status before the move is read under the
   * same lock, by the same statement.
   */
  async transition(tx: SqlExecutor, owner: Owner, id: string, update: Exclude<PaymentUpdate, { move: 'expire' }>): Promise<MovedPayment> {
    const move = (set: string) =>
      `WITH before AS (SELECT id AS before_id, status AS previous_status FROM payments.payments
                        WHERE merchant_code = $1 AND environment = $2 AND id = $3 FOR UPDATE)
       UPDATE payments.payments SET ${set}, version = version + 1
         FROM before WHERE id = before_id AND status = ANY($4::text[])
       RETURNING ${COLUMNS}, previous_status`;
    const params = [...ownerParams(owner), id, PAYMENT_MOVES[update.move].from];
    const rows =
      update.move === 'pay'
        ? await queryRows<MovedPayment>(tx, move('status = $5, paid_at = $6, card = $7'), [
            ...params,
            PAYMENT_MOVES.pay.to,
            update.paid_at.toISOString(),
            JSON.stringify(update.card),
          ])
        : await queryRows<MovedPayment>(
            tx,
            move(`failure = jsonb_build_object('attempt_count', COALESCE((failure->>'attempt_count')::int, 0) + 1, 'reason_code', $5::text)`),
            [...params, update.reason_code],
          );
    if (!rows[0]) throw new MoveRefused('payment', id, update.move);
    const entered = PAYMENT_MOVES[update.move].to;
    if (entered) this.counters?.entered(tx, 'payment', entered, owner.environment);
    return rows[0];
  }

  /**
   * Marks unpaid payments past expires_at as expired, a batch at a time; replicas running
   * the same sweep skip each other's rows. Not tenant-scoped: it works for every merchant.
   */
  async expireDue(tx: SqlExecutor, now: Date, limit: number): Promise<number> {
    const rows = await queryRows<Pick<PaymentRow, 'environment'>>(
      tx,
      `UPDATE payments.payments SET status = $4, version = version + 1
        WHERE id IN (SELECT id FROM payments.payments p WHERE status = ANY($3::text[]) AND expires_at <= $1
                        -- a payment whose bank answer is awaited waits for it
                        AND NOT awaiting_bank
                      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING environment`,
      [now.toISOString(), limit, PAYMENT_MOVES.expire.from, PAYMENT_MOVES.expire.to],
    );
    for (const environment of ENVIRONMENTS)
      this.counters?.entered(tx, 'payment', 'expired', environment, rows.filter((row) => row.environment === environment).length);
    return rows.length;
  }

  async setRate(tx: SqlExecutor, currency: string, usdPerUnit: string): Promise<{ before: string | null; after: string }> {
    const before = await queryRows<{ usd_per_unit: string }>(
      tx,
      'SELECT usd_per_unit::text AS usd_per_unit FROM payments.fx_rates WHERE currency_code = $1 FOR UPDATE',
      [currency],
    );
    const after = await queryRows<{ usd_per_unit: string }>(
      tx,
      `INSERT INTO payments.fx_rates (currency_code, usd_per_unit) VALUES ($1, $2)
       ON CONFLICT (currency_code) DO UPDATE SET usd_per_unit = EXCLUDED.usd_per_unit, updated_at = now()
       RETURNING usd_per_unit::text AS usd_per_unit`,
      [currency, usdPerUnit],
    );
    return { before: before[0]?.usd_per_unit ?? null, after: after[0]!.usd_per_unit };
  }

  /** Every current rate with the time it took effect. */
  async rateHistoryHeads(tx: SqlExecutor): Promise<{ currency_code: string; usd_per_unit: string; effective_at: string }[]> {
    const rows = await queryRows<{ currency_code: string; usd_per_unit: string; effective_at: Date }>(
      tx,
      'SELECT currency_code, usd_per_unit::text AS usd_per_unit, updated_at AS effective_at FROM payments.fx_rates ORDER BY currency_code',
    );
    return rows.map((row) => ({
      currency_code: row.currency_code.trim(),
      usd_per_unit: row.usd_per_unit,
      effective_at: new Date(row.effective_at).toISOString(),
    }));
  }

  async usdPerUnit(tx: SqlExecutor): Promise<Map<string, string>> {
    const rows = await queryRows<{ currency_code: string; usd_per_unit: string }>(
      tx,
      'SELECT currency_code, usd_per_unit::text AS usd_per_unit FROM payments.fx_rates',
    );
    return new Map(rows.map((row) => [row.currency_code, row.usd_per_unit]));
  }
}
