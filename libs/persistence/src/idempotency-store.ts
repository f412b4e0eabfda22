import { ApiError, Errors, MERCHANT_IDEMPOTENCY_SCOPES, type IdempotencyKeyUse, type MerchantIdempotencyScope, type RequestDigest } from '@platform/contracts';
import { conflictOf } from './idempotency-differences';
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
  /** The request line and body hashes from the gateway, kept to name what a conflicting repeat changed (ADR 0034). */
  digest?: RequestDigest;
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
  /** Null for keys kept before ADR 0034 or claimed without a digest. */
  request_digest: RequestDigest | null;
}

const COLUMNS = 'scope, fingerprint, scenario, resource_id, state, response, created_at, completed_at, request_digest';

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
   * Every use of one key by this owner among `scopes`, oldest first: what the key inspector
   * (`GET /api/v3/idempotency-keys/{key}`) shows. Reads only; checks nothing.
   */
  async uses(executor: SqlExecutor, owner: KeyOwner, key: string, scopes: readonly string[]): Promise<Array<IdempotencyRecord & { idempotency_key: string }>> {
    return queryRows<IdempotencyRecord & { idempotency_key: string }>(
      executor,
      `SELECT idempotency_key, ${COLUMNS} FROM ${this.table}
        WHERE merchant_code = $1 AND environment = $2 AND idempotency_key = $3 AND scope = ANY($4::text[])
        ORDER BY created_at, scope`,
      [owner.merchantCode, owner.environment, key, scopes],
    );
  }

  /** The uses of one key by this owner among the merchant's `scopes`, as the key inspector answers them. */
  async inspect(executor: SqlExecutor, owner: KeyOwner, key: string, scopes: readonly MerchantIdempotencyScope[]): Promise<IdempotencyKeyUse[]> {
    return (await this.uses(executor, owner, key, scopes)).map(keyUseOf);
  }

  /**
   * Marks this request as running with its key until the caller's transaction ends. A repeat
   * arriving meanwhile gets 409 9000039 at once (ARCHITECTURE.md: the same key while the first
   * request is still running) instead of waiting to run after it: a refused request keeps no
   * key, so a repeat that waited would run afresh and could answer otherwise than the first.
   */
  async holdWhileRunning(tx: SqlExecutor, owner: KeyOwner, request: IdempotentRequest): Promise<void> {
    const rows = await queryRows<{ held: boolean }>(tx, 'SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS held', [
      `idempotency:${this.table}:${owner.merchantCode}:${owner.environment}:${request.scope}:${request.key}`,
    ]);
    if (!rows[0]?.held) {
      throw new ApiError(Errors.IdempotencyConflict, 'A request with this Idempotency-Key is still running: repeat it unchanged once it has been answered');
    }
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
   * `claimCompleted` for one or more requests as a statement for the caller's own INSERT to run as
   * its `claimed` CTE, keeping the rows whose `resource_id` it returns: the keys and the work in
   * one statement, atomic without a transaction, one round trip. Each key is claimed, or left out
   * when another request holds it, on its own; keys go in key order, so two such statements never
   * wait on each other's keys crosswise. Its parameters come first; the caller's are numbered
   * after them.
   */
  claimCompletedStatement(claims: { owner: KeyOwner; request: IdempotentRequest; resourceId: string }[]): { sql: string; parameters: unknown[] } {
    const column = <T>(of: (claim: (typeof claims)[number]) => T) => claims.map(of);
    return {
      sql: `INSERT INTO ${this.table} (merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, state, completed_at, request_digest)
       SELECT c.merchant_code, c.environment, c.scope, c.idempotency_key, c.fingerprint, c.scenario, c.resource_id, 'completed', now(), c.request_digest
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[])
           AS c(merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, request_digest)
        ORDER BY c.merchant_code, c.environment, c.scope, c.idempotency_key
       ON CONFLICT DO NOTHING RETURNING resource_id`,
      parameters: [
        column((claim) => claim.owner.merchantCode),
        column((claim) => claim.owner.environment),
        column((claim) => claim.request.scope),
        column((claim) => claim.request.key),
        column((claim) => claim.request.fingerprint),
        column((claim) => claim.request.scenario),
        column((claim) => claim.resourceId),
        column((claim) => (claim.request.digest ? JSON.stringify(claim.request.digest) : null)),
      ],
    };
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
      sql: `INSERT INTO ${this.table} (merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, state, completed_at, request_digest)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $8 = 'completed' THEN now() END, $9::jsonb) ON CONFLICT DO NOTHING RETURNING state`,
      parameters: [
        owner.merchantCode,
        owner.environment,
        request.scope,
        request.key,
        request.fingerprint,
        request.scenario,
        resourceId,
        state,
        request.digest ? JSON.stringify(request.digest) : null,
      ],
    };
  }

  /**
   * Keeps the answer to replay (null where a repeat reads the resource afresh), in the claiming
   * transaction, and the id of the resource the request created when the claim could not know it.
   */
  async complete(
    tx: SqlExecutor,
    owner: KeyOwner,
    request: Pick<IdempotentRequest, 'scope' | 'key'>,
    response: unknown,
    resourceId: string | null = null,
  ): Promise<void> {
    await tx.query(
      `UPDATE ${this.table} SET state = 'completed', response = $5, completed_at = now(), resource_id = COALESCE($6, resource_id)
        WHERE merchant_code = $1 AND environment = $2 AND scope = $3 AND idempotency_key = $4`,
      [owner.merchantCode, owner.environment, request.scope, request.key, response === null ? null : JSON.stringify(response), resourceId],
    );
  }
}

/**
 * The fingerprint policy: same scenario, same request, same target. A 9000039 names the method,
 * path and top-level body fields that differ when the first request's digest was kept.
 */
export function assertSameRequest(
  earlier: Pick<IdempotencyRecord, 'fingerprint' | 'scenario' | 'resource_id'> & { request_digest?: RequestDigest | null },
  request: IdempotentRequest,
): void {
  if (earlier.scenario !== request.scenario) {
    throw new ApiError(Errors.IdempotencyScenarioMismatch, undefined, {
      errors: { 'X-CAV-Sandbox-Scenario': ['differs from the first request with this Idempotency-Key'] },
    });
  }
  const sameTarget = request.target === undefined || earlier.resource_id === request.target;
  if (earlier.fingerprint !== request.fingerprint || !sameTarget) throw conflictOf(earlier.request_digest, request.digest, request.conflictDetail);
}

/** A kept key as the merchant's key inspector shows it (ADR 0034); the request line comes from the scope for keys kept before it was recorded. */
export function keyUseOf(record: IdempotencyRecord & { idempotency_key: string }): IdempotencyKeyUse {
  const scope = MERCHANT_IDEMPOTENCY_SCOPES[record.scope as MerchantIdempotencyScope];
  if (!scope) throw new Error(`scope ${record.scope} is not a merchant's operation`);
  const digest = record.request_digest;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    idempotency_key: record.idempotency_key,
    operation: record.scope as MerchantIdempotencyScope,
    method: digest?.method ?? scope.method,
    path: digest?.path ?? scope.path.replace('{id}', record.resource_id ?? '{id}'),
    body_sha256: digest?.body_sha256 ?? null,
    sandbox_scenario: record.scenario,
    state: record.state,
    response_status: record.state === 'completed' ? scope.status : null,
    resource_id: record.resource_id,
    created_at: iso(record.created_at)!,
    completed_at: iso(record.completed_at),
  };
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

/**
 * ADR 0034: the digest of each key's first request (request line, body hash, one hash per
 * top-level body field; never the body) and the resource id of operations that learnt it only
 * on completion (their older rows get it from the kept response). Null for older keys.
 */
export function idempotencyDigestUp(schema: string, resourceIdFromResponse: Record<string, string> = {}): string[] {
  const table = `${assertIdentifier(schema)}.idempotency_requests`;
  return [
    `ALTER TABLE ${table} ADD COLUMN request_digest jsonb`,
    ...Object.entries(resourceIdFromResponse).map(
      ([scope, expression]) => `UPDATE ${table} SET resource_id = ${expression} WHERE scope = '${scope}' AND resource_id IS NULL AND response IS NOT NULL`,
    ),
  ];
}

/** The way down drops the digests; resource ids filled from responses stay (they repeat what the response holds). */
export function idempotencyDigestDown(schema: string): string[] {
  return [`ALTER TABLE ${assertIdentifier(schema)}.idempotency_requests DROP COLUMN request_digest`];
}

export function idempotencyTableDown(schema: string): string[] {
  return [`DROP TABLE ${assertIdentifier(schema)}.idempotency_requests`];
}
