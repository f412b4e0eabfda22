import { randomUUID } from 'node:crypto';
import { OperatorActionRecorded } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import { currentCorrelationId } from '@platform/observability';
import type { SqlExecutor } from '@platform/persistence';

export interface OperatorAction {
  /** The operator the gateway authenticated, as the decision command carries it. */
  actor: string;
  action: string;
  /** `<merchant>/<resource kind>/<id>`: what the audit log is filtered by. */
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * An operator's change, announced for the gateway's audit log from inside the transaction that
 * makes it (ADR 0039): the entry exists exactly when the change committed. Keyed by the target,
 * so the entries of one resource keep their order.
 */
export async function recordOperatorAction(tx: SqlExecutor, schema: string, action: OperatorAction): Promise<void> {
  await new OutboxWriter(schema).append(tx, {
    event: OperatorActionRecorded,
    key: action.target,
    payload: { ...action, correlation_id: currentCorrelationId() ?? randomUUID() },
  });
}
