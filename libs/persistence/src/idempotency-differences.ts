import { ApiError, Errors, type RequestDigest } from '@platform/contracts';

const DIFFERS = 'differs from the first request with this Idempotency-Key';
const ADDED = 'was not in the first request with this Idempotency-Key';
const MISSING = 'was in the first request with this Idempotency-Key but is missing now';

/**
 * What a repeat changed against the first request with its key, as `errors` of a problem
 * document: the method, the path and each top-level body field whose hash differs (the body as
 * a whole when either was not a JSON object). Undefined when the first request's digest was
 * never kept (keys from before ADR 0034) or this request carries none.
 */
export function requestDifferences(first: RequestDigest | null | undefined, now: RequestDigest | undefined): Record<string, string[]> | undefined {
  if (!first || !now) return undefined;
  const errors: Record<string, string[]> = {};
  if (first.method !== now.method) errors.method = [DIFFERS];
  if (first.path !== now.path) errors.path = [DIFFERS];
  if (first.fields && now.fields) {
    const names = [...new Set([...Object.keys(first.fields), ...Object.keys(now.fields)])].sort();
    for (const name of names) {
      const before = first.fields[name];
      const after = now.fields[name];
      if (before === undefined) errors[name] = [ADDED];
      else if (after === undefined) errors[name] = [MISSING];
      else if (before !== after) errors[name] = [DIFFERS];
    }
  } else if (first.body_sha256 !== now.body_sha256) {
    errors.body = [DIFFERS];
  }
  return errors;
}

/** The 9000039 of a repeat that is another request, naming what differs where the first request's digest was kept. */
export function conflictOf(first: RequestDigest | null | undefined, now: RequestDigest | undefined, detail: string | undefined): ApiError {
  const wording = detail ?? 'This Idempotency-Key was used with a different request';
  const errors = requestDifferences(first, now);
  if (!errors) return new ApiError(Errors.IdempotencyConflict, wording);
  const named = Object.keys(errors);
  if (named.length > 0)
    return new ApiError(Errors.IdempotencyConflict, `${wording}: ${named.join(', ')} ${named.length === 1 ? 'differs' : 'differ'}`, { errors });
  if (first!.body_sha256 !== now!.body_sha256) {
    return new ApiError(
      Errors.IdempotencyConflict,
      `${wording}: the body bytes differ (whitespace, key order or number format) though every field has the same value`,
      { errors: { body: [DIFFERS] } },
    );
  }
  return new ApiError(Errors.IdempotencyConflict, wording);
}
