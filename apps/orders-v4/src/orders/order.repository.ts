import { Injectable, Optional } from '@nestjs/common';
import type { Caller, OrderStatus } from '@platform/contracts';
import { MoveRefused, ownerParams, queryPrepared, queryRows, type SqlExecutor } from '@platform/persistence';
import { BusinessCounters } from '@platform/service-kit';
import { ORDER_MOVES, orderChange, type OrderUpdate } from './order-transitions';

export interface CardSummary {
  holder_name: string;
  bin: string;
  last_four: string;
  network: string | null;
  program: string | null;
  issuer_bank_name: string | null;
}

/** One caller's read of its order by merchant order id. */
export interface OrderRead {
  owner: Caller;
  merchantOrderId: string;
}

export interface OrderRow {
  id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  merchant_order_id: string;
  order_code: string;
  request_fingerprint: string;
  mode: 'direct' | 'hosted';
  status: OrderStatus;
  amount: string;
  currency: 'TRY';
  card: CardSummary | null;
  card_fingerprint: string | null;
  customer_token: string;
  three_ds_expires_at: Date | null;
  hosted_expires_at: Date | null;
  failure_reason_code: string | null;
  /** Which processor holds the authorisation, and what finishing or looking it up needs. */
  processor: string | null;
  processor_state: string | null;
  /** The bank's 3-D Secure page while the customer is on it. */
  bank_page: string | null;
  /** The card of a hosted-page attempt at the bank, shown on the order once it is paid. */
  attempt_card: CardSummary | null;
  /** The card went through the bank's 3-D Secure page (its last attempt, for a hosted order); null for orders from before it was kept. */
  three_d: boolean | null;
  created_at: Date;
  completed_at: Date | null;
  /** 1 when created, raised by every move in the UPDATE that makes it (ADR 0033). */
  version: number;
}

/** An open order whose time ran out, and whether a card was tried on its hosted page. */
export type ExpiredOrder = OrderRow & { card_attempted: boolean };

/** An order as a move left it, with the status it had before, read in the same statement. */
export type MovedOrder = OrderRow & { previous_status: OrderStatus };

/** A rolling window of the account's order volume: orders since `since` may sum to `limit`. */
export interface VolumeWindow {
  since: Date;
  limit: string;
  name: string;
}

/** The SQLSTATE of a commit refused by a volume window; the error's detail names the window. */
export const VOLUME_REFUSED = 'VOL01';

export type NewOrder = Omit<OrderRow, 'id' | 'created_at' | 'currency' | 'merchant_code' | 'environment' | 'attempt_card' | 'three_d' | 'version'>;

/** What the merchant's list narrows by; `created_to` is exclusive, `search` matches the start of merchant_order_id or the order code. */
export interface OrderListFilter {
  status: OrderStatus | null;
  created_from: Date | null;
  created_to: Date | null;
  search: string | null;
}

/** A LIKE pattern that matches values starting with `text`, its own %, _ and backslash taken literally. */
function startsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A new order with the merchant environment it belongs to. */
export interface NewOrderOf {
  owner: Caller;
  order: NewOrder;
}

/** Account, then merchant_order_id: the order in which a statement takes accounts' locks and unique keys. */
const insertOrderOf = (item: NewOrderOf) => `${item.owner.merchantCode}:${item.owner.environment}:${item.order.merchant_order_id}`;
const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** The columns a new order is inserted with: name, SQL type, value. */
const NEW_ORDER_COLUMNS: [string, string, (item: NewOrderOf) => unknown][] = [
  ['merchant_code', 'text', (item) => item.owner.merchantCode],
  ['environment', 'text', (item) => item.owner.environment],
  ['merchant_order_id', 'text', (item) => item.order.merchant_order_id],
  ['order_code', 'text', (item) => item.order.order_code],
  ['request_fingerprint', 'text', (item) => item.order.request_fingerprint],
  ['mode', 'text', (item) => item.order.mode],
  ['status', 'text', (item) => item.order.status],
  ['amount', 'numeric', (item) => item.order.amount],
  ['card', 'jsonb', (item) => (item.order.card === null ? null : JSON.stringify(item.order.card))],
  ['card_fingerprint', 'text', (item) => item.order.card_fingerprint],
  ['customer_token', 'text', (item) => item.order.customer_token],
  ['three_ds_expires_at', 'timestamptz', (item) => isoOrNull(item.order.three_ds_expires_at)],
  ['hosted_expires_at', 'timestamptz', (item) => isoOrNull(item.order.hosted_expires_at)],
  ['failure_reason_code', 'text', (item) => item.order.failure_reason_code],
  ['completed_at', 'timestamptz', (item) => isoOrNull(item.order.completed_at)],
  ['processor', 'text', (item) => item.order.processor],
  ['processor_state', 'text', (item) => item.order.processor_state],
  ['bank_page', 'text', (item) => item.order.bank_page],
  // A new order has a 3-D Secure window only when the bank asked for 3-D Secure.
  ['three_d', 'boolean', (item) => item.order.three_ds_expires_at !== null],
];
const NEW_ORDER_NAMES = NEW_ORDER_COLUMNS.map(([name]) => name).join(', ');

const COLUMNS = `id::text, merchant_code, environment, merchant_order_id, order_code, request_fingerprint, mode, status,
  amount::text AS amount, currency, card, card_fingerprint, customer_token, three_ds_expires_at, hosted_expires_at,
  failure_reason_code, processor, processor_state, bank_page, attempt_card, three_d, created_at, completed_at, version`;

/** Orders from one array per column ($2…), with the volume windows of the commit ($1); built once, sent as a named statement. */
const INSERT_ORDERS = `INSERT INTO orders.orders (${NEW_ORDER_NAMES})
  SELECT ${NEW_ORDER_NAMES}
    FROM (SELECT set_config('orders.volume_windows', $1, true)) AS volume_windows,
         unnest(${NEW_ORDER_COLUMNS.map(([, type], index) => `$${index + 2}::${type}[]`).join(', ')}) AS o(${NEW_ORDER_NAMES})
  ON CONFLICT (merchant_code, environment, merchant_order_id) DO NOTHING
  RETURNING ${COLUMNS}`;

/** All SQL over orders; every query is scoped to the caller's merchant and environment. */
@Injectable()
export class OrderRepository {
  constructor(@Optional() private readonly counters?: BusinessCounters) {}

  async find(tx: SqlExecutor, owner: Caller, merchantOrderId: string, lock = false): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(
      tx,
      `SELECT ${COLUMNS} FROM orders.orders
        WHERE merchant_code = $1 AND environment = $2 AND merchant_order_id = $3 ${lock ? 'FOR UPDATE' : ''}`,
      [owner.merchantCode, owner.environment, merchantOrderId],
    );
    return rows[0];
  }

  /** Each owner's order by its merchant order id, in one statement (the unique key leads with the id). */
  async findByOwnersAndIds(tx: SqlExecutor, reads: OrderRead[]): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
      tx,
      `SELECT ${COLUMNS} FROM orders.orders
        WHERE (merchant_order_id, merchant_code, environment) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
      [reads.map((read) => read.merchantOrderId), reads.map((read) => read.owner.merchantCode), reads.map((read) => read.owner.environment)],
    );
  }

  /** A page of the owner's orders, newest first (an index scan of orders_account_created). */
  async list(tx: SqlExecutor, owner: Caller, filter: OrderListFilter, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
    const where = `merchant_code = $1 AND environment = $2 AND ($3::text IS NULL OR status = $3)
      AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at < $5)
      AND ($6::text IS NULL OR merchant_order_id LIKE $6 ESCAPE '\\' OR order_code::text LIKE $6 ESCAPE '\\')`;
    const params = [
      ...ownerParams(owner),
      filter.status,
      filter.created_from?.toISOString() ?? null,
      filter.created_to?.toISOString() ?? null,
      filter.search === null ? null : startsWith(filter.search),
    ];
    const [rows, count] = await Promise.all([
      queryRows<OrderRow>(tx, `SELECT ${COLUMNS} FROM orders.orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $7 OFFSET $8`, [
        ...params,
        limit,
        offset,
      ]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM orders.orders WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  /**
   * Inserts unless the merchant_order_id exists already; undefined then. With `volumeWindows`
   * the order's commit checks the account's volume under the account's lock and fails with
   * {@link VOLUME_REFUSED} when a window would pass its limit (migration AccountVolumeHours).
   */
  async insert(tx: SqlExecutor, owner: Caller, order: NewOrder, volumeWindows?: VolumeWindow[]): Promise<OrderRow | undefined> {
    const [row] = await this.insertMany(tx, [{ owner, order }], volumeWindows);
    return row;
  }

  /**
   * {@link insert} for several orders in one statement, each under its own owner: the ones whose
   * merchant_order_id exists already (or comes twice) are left out of the answer. With
   * `volumeWindows` the commit checks each order's account in turn, so one order over a window
   * fails them all. Orders go in by account and merchant_order_id: two such statements take the
   * accounts' locks and the unique keys in the same order and never wait on each other crosswise.
   */
  async insertMany(db: SqlExecutor, orders: NewOrderOf[], volumeWindows?: VolumeWindow[]): Promise<OrderRow[]> {
    const byAccount = [...orders].sort((a, b) => insertOrderOf(a).localeCompare(insertOrderOf(b)));
    const windows = volumeWindows?.map((w) => ({ since: w.since.toISOString(), limit: w.limit, name: w.name }));
    const rows = await queryPrepared<OrderRow>(db, INSERT_ORDERS, [
      windows ? JSON.stringify(windows) : '',
      ...NEW_ORDER_COLUMNS.map(([, , of]) => byAccount.map(of)),
    ]);
    for (const row of rows) this.counters?.created(db, 'order', row.status, row.environment);
    return rows;
  }

  /** The customer's pages hold the order's unguessable token instead of a merchant identity. */
  async findByCustomerToken(tx: SqlExecutor, token: string, lock = false): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(tx, `SELECT ${COLUMNS} FROM orders.orders WHERE customer_token = $1 ${lock ? 'FOR UPDATE' : ''}`, [token]);
    return rows[0];
  }

  /**
   * Takes one named move, guarded by the states it leaves; callers check the state under the
   * row lock first, so a refusal is a bug. Every move raises `version` in its own UPDATE (ADR
   * 0033): a racing move waits for the row, then finds it in a state it may not leave or counts
   * from the version the first one wrote. The status before is read under the same lock, by the
   * same statement.
   */
  async transition(tx: SqlExecutor, owner: Caller, id: string, update: OrderUpdate): Promise<MovedOrder> {
    const change = orderChange(update, 5);
    const rows = await queryRows<MovedOrder>(
      tx,
      `WITH before AS (SELECT id AS before_id, status AS previous_status FROM orders.orders
                        WHERE merchant_code = $1 AND environment = $2 AND id = $3 FOR UPDATE)
       UPDATE orders.orders SET ${change.set}, version = version + 1
         FROM before WHERE id = before_id AND status = ANY($4::text[])
       RETURNING ${COLUMNS}, previous_status`,
      [...ownerParams(owner), id, ORDER_MOVES[update.move].from, ...change.values],
    );
    if (!rows[0]) throw new MoveRefused('order', id, update.move);
    const entered = ORDER_MOVES[update.move].to;
    if (entered) this.counters?.entered(tx, 'order', entered, owner.environment);
    return rows[0];
  }

  /**
   * A processor's attempt under way on the order: a hosted-page card at the bank (its card
   * kept for the summary) or an authorisation left without an answer.
   */
  async recordAttempt(
    tx: SqlExecutor,
    owner: Caller,
    id: string,
    attempt: { processor: string; processor_state: string | null; bank_page: string | null; attempt_card: CardSummary | null; three_d: boolean },
  ): Promise<OrderRow> {
    const rows = await queryRows<OrderRow>(
      tx,
      `UPDATE orders.orders SET processor = $4, processor_state = $5, bank_page = $6, attempt_card = $7, three_d = $8
        WHERE merchant_code = $1 AND environment = $2 AND id = $3 RETURNING ${COLUMNS}`,
      [
        owner.merchantCode,
        owner.environment,
        id,
        attempt.processor,
        attempt.processor_state,
        attempt.bank_page,
        attempt.attempt_card && JSON.stringify(attempt.attempt_card),
        attempt.three_d,
      ],
    );
    return rows[0]!;
  }

  /** Pending orders a live processor may since have decided, oldest first, for one replica at a time. */
  async claimPendingLookups(tx: SqlExecutor, limit: number): Promise<OrderRow[]> {
    return queryRows<OrderRow>(
      tx,
      `SELECT ${COLUMNS} FROM orders.orders WHERE status = 'pending' AND processor_state IS NOT NULL AND processor <> 'sandbox'
        ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
  }

  /** Counts one card attempt on the order's hosted page; answers the count. */
  async countPageAttempt(tx: SqlExecutor, owner: Caller, id: string): Promise<number> {
    const rows = await queryRows<{ page_attempts: number }>(
      tx,
      `UPDATE orders.orders SET page_attempts = page_attempts + 1 WHERE merchant_code = $1 AND environment = $2 AND id = $3 RETURNING page_attempts`,
      [owner.merchantCode, owner.environment, id],
    );
    return rows[0]!.page_attempts;
  }

  /** The card a hosted page sends to the bank counts towards that card's daily limits. */
  async setCardFingerprint(tx: SqlExecutor, owner: Caller, id: string, cardFingerprint: string): Promise<void> {
    await tx.query('UPDATE orders.orders SET card_fingerprint = $4 WHERE merchant_code = $1 AND environment = $2 AND id = $3', [
      owner.merchantCode,
      owner.environment,
      id,
      cardFingerprint,
    ]);
  }

  /**
   * Claims a merchant_order_id until `until` while its card goes to the bank: false while another
   * request's claim runs. A claim past its time (its replica crashed) is taken over.
   */
  async claimOrderId(executor: SqlExecutor, owner: Caller, merchantOrderId: string, now: Date, until: Date): Promise<boolean> {
    const rows = await queryRows(
      executor,
      `INSERT INTO orders.order_id_claims AS claim (merchant_code, environment, merchant_order_id, claimed_until)
       VALUES ($1, $2, $3, $5)
       ON CONFLICT (merchant_code, environment, merchant_order_id) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
        WHERE claim.claimed_until <= $4
       RETURNING 1`,
      [owner.merchantCode, owner.environment, merchantOrderId, now.toISOString(), until.toISOString()],
    );
    return rows.length === 1;
  }

  /** Gives up the claim `claimOrderId` made until `until`; one that lapsed and was taken over stays its new holder's. */
  async releaseOrderId(executor: SqlExecutor, owner: Caller, merchantOrderId: string, until: Date): Promise<void> {
    await executor.query('DELETE FROM orders.order_id_claims WHERE merchant_code = $1 AND environment = $2 AND merchant_order_id = $3 AND claimed_until = $4', [
      owner.merchantCode,
      owner.environment,
      merchantOrderId,
      until.toISOString(),
    ]);
  }

  /** Serialises order creation per subject (an account, a card) until the transaction ends. */
  async lock(tx: SqlExecutor, subject: string): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [subject]);
  }

  /** Order volume of an account and environment since each instant, failed orders left out (migration AccountVolumeHours). */
  async volumeSince(tx: SqlExecutor, owner: Caller, since: Date[]): Promise<string[]> {
    const rows = await queryRows<{ used: string }>(tx, 'SELECT used::text FROM orders.account_volume($1, $2, $3::timestamptz[])', [
      owner.merchantCode,
      owner.environment,
      since.map((d) => d.toISOString()),
    ]);
    return rows.map((row) => row.used);
  }

  /**
   * Attempts and non-failed amount of one card in an environment since an instant. A
   * card limit protects the card holder, so it spans merchants: not tenant-scoped.
   */
  /** Orders of one card since a moment, in one environment; of one merchant only when `merchantCode` is given. */
  async cardUsageSince(
    tx: SqlExecutor,
    scope: { environment: string; merchantCode: string | null },
    cardFingerprint: string,
    since: Date,
    besides: string | null = null,
  ): Promise<{ attempts: number; amount: string }> {
    const rows = await queryRows<{ attempts: number; amount: string }>(
      tx,
      `SELECT count(*)::int AS attempts, coalesce(sum(amount) FILTER (WHERE status <> 'failed'), 0)::text AS amount
         FROM orders.orders
        WHERE card_fingerprint = $1 AND created_at >= $2 AND environment = $3 AND ($4::text IS NULL OR merchant_code = $4)
          AND ($5::bigint IS NULL OR id <> $5::bigint)`,
      [cardFingerprint, since.toISOString(), scope.environment, scope.merchantCode, besides],
    );
    return rows[0] ?? { attempts: 0, amount: '0' };
  }

  /**
   * Open orders whose time is up, oldest first, locked so that replicas sweeping at the
   * same time take different rows. Not tenant-scoped: the sweep works for every merchant.
   */
  async claimExpired(tx: SqlExecutor, now: Date, pendingMaxSeconds: number, limit: number): Promise<ExpiredOrder[]> {
    return queryRows<ExpiredOrder>(
      tx,
      `SELECT ${COLUMNS}, page_attempts > 0 AS card_attempted FROM orders.orders
        WHERE (status = 'requires_action' AND three_ds_expires_at <= $1)
           OR (status = 'requires_hosted' AND hosted_expires_at <= $1)
           OR (status = 'pending' AND created_at <= $1::timestamptz - make_interval(secs => $2))
        ORDER BY orders.orders.id LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [now.toISOString(), pendingMaxSeconds, limit],
    );
  }

  /** An order by its platform code, whoever owns it: the operator's late confirmation. */
  async findForOperator(tx: SqlExecutor, orderCode: string, lock = false): Promise<OrderRow | undefined> {
    const rows = await queryRows<OrderRow>(tx, `SELECT ${COLUMNS} FROM orders.orders WHERE order_code = $1 ${lock ? 'FOR UPDATE' : ''}`, [orderCode]);
    return rows[0];
  }
}
