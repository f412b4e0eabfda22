import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type Caller, type Reservation, type Wallet } from '@platform/contracts';
import { Decimal, parseWireAmount } from '@platform/money';
import { queryRows, type SqlExecutor } from '@platform/persistence';
import { Clock, MerchantSettings } from '@platform/service-kit';
import { Journal } from '../journal/journal';
import { merchantAccount, platformAccount, transfer } from '../journal/postings';

interface ReservationRow {
  operation_id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  kind: 'refund' | 'withdrawal';
  wallet: Wallet;
  currency: string;
  amount: string;
  status: 'reserved' | 'released' | 'consumed';
  confirmed: boolean;
  source_part: 'available' | 'pending_settlement';
  payment_reference: string | null;
}

const COLUMNS = 'operation_id, merchant_code, environment, kind, wallet, currency, amount::text AS amount, status, confirmed, source_part, payment_reference';

type ReserveRequest = { operation_id: string; kind: 'refund' | 'withdrawal'; wallet: Wallet; amount?: string; payment_reference?: string; confirm_within_seconds: number };

/**
 * Money set aside for a refund or a withdrawal: reserve moves it from available to
 * reserved (never more than is available, checked under the account lock), release moves
 * it back, consume lets it leave. Every call is idempotent by operation id.
 */
@Injectable()
export class ReservationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly journal: Journal,
    private readonly settings: MerchantSettings,
    private readonly clock: Clock,
  ) {}

  async reserve(caller: Caller, request: ReserveRequest): Promise<Reservation> {
    const now = this.clock.now();
    const merchant = await this.settings.current(caller);
    if (!merchant) throw new ApiError('0055502');
    const currency = merchant.base_currency;
    const source = request.payment_reference ? await this.paymentSource(caller, request.payment_reference) : await this.walletSource(request);
    try {
      return await this.dataSource.transaction(async (tx) => {
        const settlement = source.transactionId ? await this.heldSettlement(tx, source.transactionId) : undefined;
        const part = settlement ? 'pending_settlement' : 'available';
        const from = merchantAccount(caller.merchantCode, caller.environment, request.wallet, part, currency);
        const reserved = merchantAccount(caller.merchantCode, caller.environment, request.wallet, 'reserved', currency);
        const [balance] = await this.journal.lockBalances(tx, [from, reserved]);
        const earlier = await this.find(tx, request.operation_id);
        if (earlier) return this.repeat(earlier, caller, request, source.amount);
        if (request.payment_reference && (await this.liveReservationOf(tx, request.payment_reference))) {
          throw new ApiError('1000012', `${request.payment_reference} already has a reversal reserved`);
        }
        if (part === 'available' && balance!.lt(source.amount)) throw new ApiError('9000020', `the ${request.wallet} wallet has ${balance!.toFixed(2)} ${currency} available`);
        await this.journal.post(tx, {
          kind: 'reserve',
          reference: request.operation_id,
          merchantCode: caller.merchantCode,
          environment: caller.environment,
          occurredAt: now,
          description: `${request.kind} ${request.operation_id}`,
          postings: transfer(from, reserved, source.amount),
        });
        if (settlement) await tx.query('UPDATE ledger.settlements SET held_by = $2 WHERE transaction_id = $1', [source.transactionId, request.operation_id]);
        const rows = await queryRows<ReservationRow>(
          tx,
          `INSERT INTO ledger.reservations (operation_id, merchant_code, environment, kind, wallet, currency, amount, status, confirm_by, source_part, payment_reference)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'reserved', $8, $9, $10) RETURNING ${COLUMNS}`,
          [
            request.operation_id,
            caller.merchantCode,
            caller.environment,
            request.kind,
            request.wallet,
            currency,
            source.amount.toFixed(2),
            new Date(now.getTime() + request.confirm_within_seconds * 1000).toISOString(),
            part,
            request.payment_reference ?? null,
          ],
        );
        return toReservation(rows[0]!);
      });
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505' && constraint === 'reservations_one_per_payment') throw new ApiError('1000012', `${request.payment_reference} already has a reversal reserved`);
      // The same operation reserved in parallel: the one that committed first is the answer.
      if (code === '23505') {
        const earlier = await this.find(this.dataSource, request.operation_id);
        if (earlier) return this.repeat(earlier, caller, request, source.amount);
      }
      throw error;
    }
  }

  private async walletSource(request: ReserveRequest): Promise<{ amount: Decimal; transactionId?: string }> {
    const amount = parseWireAmount(request.amount);
    if (!amount || amount.lte(0)) throw new ApiError('1000001', 'amount must be a positive decimal string with exactly 2 decimals', { errors: { amount: ['must be positive with 2 decimals'] } });
    return { amount };
  }

  /** What the payment was booked at; it may be on its way from the payment event, so wait briefly. */
  private async paymentSource(caller: Caller, reference: string, waitMs = 3000): Promise<{ amount: Decimal; transactionId: string }> {
    for (let waited = 0; ; waited += 100) {
      const rows = await queryRows<{ id: string; amount: string }>(
        this.dataSource,
        `SELECT t.id, p.amount::text AS amount FROM ledger.transactions t
           JOIN ledger.postings p ON p.transaction_id = t.id JOIN ledger.accounts a ON a.id = p.account_id
          WHERE t.kind = 'payment' AND t.reference = $1 AND a.owner = $2 AND a.environment = $3`,
        [reference, caller.merchantCode, caller.environment],
      );
      if (rows[0]) return { amount: new Decimal(rows[0].amount), transactionId: rows[0].id };
      if (waited >= waitMs) throw new ApiError('1000012', 'The payment is not booked on the balance yet; repeat the request unchanged shortly', { metadata: { audit_event: 'ledger.payment_not_booked_yet', retry_class: 'retry_unchanged' } });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async liveReservationOf(tx: SqlExecutor, paymentReference: string): Promise<boolean> {
    const rows = await queryRows(tx, `SELECT 1 FROM ledger.reservations WHERE payment_reference = $1 AND status IN ('reserved', 'consumed')`, [paymentReference]);
    return rows.length > 0;
  }

  /** The payment's settlement while it is still pending and free; undefined once settled. */
  private async heldSettlement(tx: SqlExecutor, transactionId: string): Promise<{ transaction_id: string } | undefined> {
    const rows = await queryRows<{ transaction_id: string }>(
      tx,
      'SELECT transaction_id FROM ledger.settlements WHERE transaction_id = $1 AND settled_at IS NULL AND held_by IS NULL FOR UPDATE',
      [transactionId],
    );
    return rows[0];
  }

  confirm(caller: Caller, operationId: string): Promise<Reservation> {
    return this.dataSource.transaction(async (tx) => {
      const row = await this.owned(tx, caller, operationId);
      // A released or consumed reservation cannot be confirmed: the owner must not believe its money is still held.
      if (row.status !== 'reserved') throw new ApiError('1000012', `reservation ${row.operation_id} is already ${row.status}`);
      if (row.confirmed) return toReservation(row);
      const rows = await queryRows<ReservationRow>(tx, `UPDATE ledger.reservations SET confirmed = true WHERE operation_id = $1 RETURNING ${COLUMNS}`, [operationId]);
      return toReservation(rows[0]!);
    });
  }

  release(caller: Caller, operationId: string): Promise<Reservation> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => this.finish(tx, await this.owned(tx, caller, operationId), 'released', now));
  }

  consume(caller: Caller, operationId: string): Promise<Reservation> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => this.finish(tx, await this.owned(tx, caller, operationId), 'consumed', now));
  }

  /**
   * Reservations whose owner has not confirmed them in time. The ledger never releases them
   * by itself: only the owner knows whether the operation committed (ADR 0012).
   */
  async unconfirmed(kind: 'refund' | 'withdrawal', dueBefore: Date): Promise<{ operation_id: string; merchant_code: string; environment: 'sandbox' | 'live'; payment_reference: string | null }[]> {
    return queryRows(
      this.dataSource,
      `SELECT operation_id, merchant_code, environment, payment_reference FROM ledger.reservations
        WHERE kind = $1 AND status = 'reserved' AND NOT confirmed AND confirm_by <= $2 ORDER BY confirm_by LIMIT 200`,
      [kind, dueBefore.toISOString()],
    );
  }

  private async finish(tx: SqlExecutor, row: ReservationRow, to: 'released' | 'consumed', now: Date): Promise<Reservation> {
    if (row.status === to) return toReservation(row);
    if (row.status !== 'reserved') throw new ApiError('1000012', `reservation ${row.operation_id} is already ${row.status}`);
    const reserved = merchantAccount(row.merchant_code, row.environment, row.wallet, 'reserved', row.currency);
    const destination =
      to === 'released'
        ? merchantAccount(row.merchant_code, row.environment, row.wallet, row.source_part, row.currency)
        : platformAccount(row.environment, row.kind === 'refund' ? 'refunds_paid' : 'payouts_sent', row.currency);
    await this.journal.post(tx, {
      kind: to === 'released' ? 'release' : 'consume',
      reference: row.operation_id,
      merchantCode: row.merchant_code,
      environment: row.environment,
      occurredAt: now,
      description: `${row.kind} ${row.operation_id}`,
      postings: transfer(reserved, destination, new Decimal(row.amount)),
    });
    if (row.source_part === 'pending_settlement') {
      // Released, the payment settles as planned; consumed, it never will.
      if (to === 'released') await tx.query('UPDATE ledger.settlements SET held_by = NULL WHERE held_by = $1', [row.operation_id]);
      else await tx.query('UPDATE ledger.settlements SET settled_at = $2 WHERE held_by = $1', [row.operation_id, now.toISOString()]);
    }
    const rows = await queryRows<ReservationRow>(
      tx,
      `UPDATE ledger.reservations SET status = $2, confirmed = true, finished_at = $3 WHERE operation_id = $1 RETURNING ${COLUMNS}`,
      [row.operation_id, to, now.toISOString()],
    );
    return toReservation(rows[0]!);
  }

  private repeat(earlier: ReservationRow, caller: Caller, request: { kind: string; wallet: string }, amount: Decimal): Reservation {
    const same =
      earlier.merchant_code === caller.merchantCode &&
      earlier.environment === caller.environment &&
      earlier.kind === request.kind &&
      earlier.wallet === request.wallet &&
      new Decimal(earlier.amount).eq(amount);
    if (!same) throw new ApiError('1000012', `operation ${earlier.operation_id} already reserved a different amount`);
    return toReservation(earlier);
  }

  private async owned(tx: SqlExecutor, caller: Caller, operationId: string): Promise<ReservationRow> {
    const row = await this.find(tx, operationId, true);
    if (!row || row.merchant_code !== caller.merchantCode || row.environment !== caller.environment) throw new ApiError('1000011', 'No reservation for this operation');
    return row;
  }

  private async find(tx: SqlExecutor, operationId: string, lock = false): Promise<ReservationRow | undefined> {
    const rows = await queryRows<ReservationRow>(tx, `SELECT ${COLUMNS} FROM ledger.reservations WHERE operation_id = $1 ${lock ? 'FOR UPDATE' : ''}`, [operationId]);
    return rows[0];
  }
}

function toReservation(row: ReservationRow): Reservation {
  return { operation_id: row.operation_id, kind: row.kind, wallet: row.wallet, amount: row.amount, currency_code: row.currency.trim(), status: row.status, confirmed: row.confirmed };
}
