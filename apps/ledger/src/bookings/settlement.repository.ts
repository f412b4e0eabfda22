import { Injectable } from '@nestjs/common';
import type { Owner } from '@platform/contracts';
import { ownerParams, queryRows, type SqlExecutor } from '@platform/persistence';

export interface DueSettlement {
  transaction_id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  wallet: string;
  currency: string;
  amount: string;
}

/**
 * SQL over live payments' settlements: scheduled when a payment is booked, held by a
 * reservation of the payment's money, settled by the sweep on their date.
 */
@Injectable()
export class SettlementRepository {
  async schedule(tx: SqlExecutor, owner: Owner, settlement: { transactionId: string; currency: string; amount: string; dueAt: Date }): Promise<void> {
    await tx.query(
      `INSERT INTO ledger.settlements (transaction_id, merchant_code, environment, wallet, currency, amount, due_at) VALUES ($3, $1, $2, 'api', $4, $5, $6)`,
      [...ownerParams(owner), settlement.transactionId, settlement.currency, settlement.amount, settlement.dueAt.toISOString()],
    );
  }

  /** Settlements due, free and unsettled, of every merchant; replicas sweeping at once skip each other's rows. */
  async claimDue(tx: SqlExecutor, now: Date, limit: number): Promise<DueSettlement[]> {
    return queryRows<DueSettlement>(
      tx,
      `SELECT transaction_id, merchant_code, environment, wallet, currency, amount::text AS amount FROM ledger.settlements
        WHERE settled_at IS NULL AND held_by IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now.toISOString(), limit],
    );
  }

  async markSettled(tx: SqlExecutor, transactionId: string, now: Date): Promise<void> {
    await tx.query('UPDATE ledger.settlements SET settled_at = $2 WHERE transaction_id = $1', [transactionId, now.toISOString()]);
  }

  /** The owner's payment settlement while it is still pending and free, locked; undefined once settled or held. */
  async lockFree(tx: SqlExecutor, owner: Owner, transactionId: string): Promise<{ transaction_id: string } | undefined> {
    const rows = await queryRows<{ transaction_id: string }>(
      tx,
      'SELECT transaction_id FROM ledger.settlements WHERE merchant_code = $1 AND environment = $2 AND transaction_id = $3 AND settled_at IS NULL AND held_by IS NULL FOR UPDATE',
      [...ownerParams(owner), transactionId],
    );
    return rows[0];
  }

  /** A reservation holds the settlement: its money does not settle while reserved. */
  async hold(tx: SqlExecutor, transactionId: string, operationId: string): Promise<void> {
    await tx.query('UPDATE ledger.settlements SET held_by = $2 WHERE transaction_id = $1', [transactionId, operationId]);
  }

  /** Released, the payment settles as planned; consumed, it never will. */
  async endHold(tx: SqlExecutor, operationId: string, outcome: 'released' | 'consumed', now: Date): Promise<void> {
    if (outcome === 'released') await tx.query('UPDATE ledger.settlements SET held_by = NULL WHERE held_by = $1', [operationId]);
    else await tx.query('UPDATE ledger.settlements SET settled_at = $2 WHERE held_by = $1', [operationId, now.toISOString()]);
  }
}
