import { ApiError, Errors } from '@platform/contracts';
import { assertIdentifier } from './identifiers';
import { queryRows, type SqlExecutor } from './sql-executor';

/** Whose key it is: keys are scoped to a merchant and environment. */
export interface KeyOwner {
  merchantCode: string;
  environment: string;
}

/** One use of an Idempotency-Key: what the request was, so that a repeat can be told from another request. */
export interface IdempotentRequest {
  /** The operation the key was used for (`payment.create`, `reversal.request`, …): one key may serve one request per scope. */
  scope: string;
  key: string;
  /** Method, path and body as the gateway hashed them (or what else identifies the request). */
  fingerprint: string;
  /** The sandbox scenario header; another scenario with the same key is 9000010. */
  scenario: string | null;
  /** The resource the request acts on, when the request names it (a dispute's evidence, a delivery's retry). */
  target?: string;
  /** How to word 9000039 for this operation. */
  conflictDetail?: string;
}

export interface IdempotencyRecord {
  scope: string;
  fingerprint: string;
  scenario: string | null;
  resource_id: string | null;
  state: 'in_flight' | 'completed';
  response: unknown;
  created_at: Date;
  completed_at: Date | null;
}

const COLUMNS = 'scope, fingerprint, scenario, resource_id, state, response, created_at, completed_at';

/**
 * The one Idempotency-Key mechanism of every service (ARCHITECTURE.md, v3 idempotency): a key
 * is claimed in the transaction that does the work, so parallel repeats wait on it and then
 * replay; a repeat must be the same request (9000010 for another scenario, 9000039 for
 * anything else); the first answer is kept and replayed.
 */
export class IdempotencyStore {
  private readonly table: string;

  constructor(schema: string) {
    this.table = `${assertIdentifier(schema)}.idempotency_requests`;
  }

  /** The earlier use of this key, checked against this request; undefined when the key is new. */
  async earlier(executor: SqlExecutor, owner: KeyOwner, request: IdempotentRequest): Promise<IdempotencyRecord | undefined> {
    const rows = await queryRows<IdempotencyRecord>(
      executor,
      `SELECT ${COLUMNS} FROM ${this.table} WHERE merchant_code = $1 AND environment = $2 AND scope = $3 AND idempotency_key = $4`,
      [owner.merchantCode, owner.environment, request.scope, request.key],
    );
    const found = rows[0];
    if (found) assertSameRequest(found, request);
    return found;
  }

  /**
   * Claims the key for this request inside the caller's transaction: false when another
   * request holds it (a parallel one waits here until that one commits or rolls back).
   */
  async claim(tx: SqlExecutor, owner: KeyOwner, request: IdempotentRequest, resourceId: string | null = request.target ?? null): Promise<boolean> {
    return this.insert(tx, owner, request, resourceId, 'in_flight');
  }

  /**
   * Claims the key for a request whose repeat reads the resource afresh (nothing to keep but
   * its id) and whose work commits in this same transaction: one statement instead of a
   * claim and a completion.
   */
  async claimCompleted(tx: SqlExecutor, owner: KeyOwner, request: IdempotentRequest, resourceId: string): Promise<boolean> {
    return this.insert(tx, owner, request, resourceId, 'completed');
  }

  /**
   * `claimCompleted` as a statement for the caller's own INSERT to run as its `claimed` CTE
   * (`WITH claimed AS (…) INSERT … SELECT … WHERE EXISTS (SELECT 1 FROM claimed)`): the key
   * and the work in one statement, atomic without a transaction, one round trip. Its
   * parameters come first; the caller's are numbered after them.
   */
  claimCompletedStatement(owner: KeyOwner, request: IdempotentRequest, resourceId: string): { sql: string; parameters: unknown[] } {
    return this.claimStatement(owner, request, resourceId, 'completed');
  }

  private async insert(
    tx: SqlExecutor,
    owner: KeyOwner,
    request: IdempotentRequest,
    resourceId: string | null,
    state: IdempotencyRecord['state'],
  ): Promise<boolean> {
    const claim = this.claimStatement(owner, request, resourceId, state);
    const rows = await queryRows(tx, claim.sql, claim.parameters);
    return rows.length === 1;
  }

  private claimStatement(
    owner: KeyOwner,
    request: IdempotentRequest,
    resourceId: string | null,
    state: IdempotencyRecord['state'],
  ): { sql: string; parameters: unknown[] } {
    return {
      sql: `INSERT INTO ${this.table} (merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, state, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 = 'completed' THEN now() END) ON CONFLICT DO NOTHING RETURNING state`,
      parameters: [owner.merchantCode, owner.environment, request.scope, request.key, request.fingerprint, request.scenario, resourceId, state],
    };
  }

  /** Keeps the answer to replay (null where a repeat reads the resource afresh), in the claiming transaction. */
  async complete(tx: SqlExecutor, owner: KeyOwner, request: Pick<IdempotentRequest, 'scope' | 'key'>, response: unknown): Promise<void> {
    await tx.query(
      `UPDATE ${this.table} SET state = 'completed', response = $5, completed_at = now()
        WHERE merchant_code = $1 AND environment = $2 AND scope = $3 AND idempotency_key = $4`,
      [owner.merchantCode, owner.environment, request.scope, request.key, response === null ? null : JSON.stringify(response)],
    );
  }
}

/** The fingerprint policy: same scenario, same request, same target. */
export function assertSameRequest(earlier: Pick<IdempotencyRecord, 'fingerprint' | 'scenario' | 'resource_id'>, request: IdempotentRequest): void {
  if (earlier.scenario !== request.scenario) throw new ApiError(Errors.IdempotencyScenarioMismatch);
  const sameTarget = request.target === undefined || earlier.resource_id === request.target;
  if (earlier.fingerprint !== request.fingerprint || !sameTarget) {
    throw new ApiError(Errors.IdempotencyConflict, request.conflictDetail ?? 'This Idempotency-Key was used with a different request');
  }
}

/** The table every service's schema holds its keys in. */
export function idempotencyTableUp(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `CREATE TABLE ${s}.idempotency_requests (
       merchant_code text NOT NULL,
       environment text NOT NULL,
       scope text NOT NULL,
       idempotency_key varchar(255) NOT NULL,
       fingerprint text NOT NULL,
       scenario text,
       resource_id text,
       state text NOT NULL CHECK (state IN ('in_flight', 'completed')),
       response jsonb,
       created_at timestamptz NOT NULL DEFAULT now(),
       completed_at timestamptz,
       PRIMARY KEY (merchant_code, environment, scope, idempotency_key)
     )`,
  ];
}

/** Where an older per-operation key table's rows come from, as SQL expressions over that table. */
export interface LegacyKeyRows {
  from: string;
  scope: string;
  fingerprint?: string;
  scenario?: string;
  resourceId: string;
  response: string;
}

/** Copies an older key table's rows into idempotency_requests, each completed (only committed keys were ever kept). */
export function copyLegacyKeys(schema: string, legacy: LegacyKeyRows): string {
  return `INSERT INTO ${assertIdentifier(schema)}.idempotency_requests
      (merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, state, response, created_at, completed_at)
    SELECT merchant_code, environment, ${legacy.scope}, idempotency_key, ${legacy.fingerprint ?? 'fingerprint'}, ${legacy.scenario ?? 'scenario'},
           ${legacy.resourceId}, 'completed', ${legacy.response}, created_at, created_at
      FROM ${legacy.from}`;
}

/** The way down: the completed keys of some scopes back into the older table they came from, each column an SQL expression over idempotency_requests. */
export function restoreLegacyKeys(schema: string, legacy: { into: string; scopes: string; columns: Record<string, string> }): string {
  const columns = { merchant_code: 'merchant_code', environment: 'environment', ...legacy.columns, created_at: 'created_at' };
  return `INSERT INTO ${legacy.into} (${Object.keys(columns).join(', ')})
      SELECT ${Object.values(columns).join(', ')}
        FROM ${assertIdentifier(schema)}.idempotency_requests WHERE scope IN (${legacy.scopes}) AND state = 'completed'`;
}

export function idempotencyTableDown(schema: string): string[] {
  return [`DROP TABLE ${assertIdentifier(schema)}.idempotency_requests`];
}
