import { ApiError } from '@platform/contracts';

/**
 * An Idempotency-Key used before must come back with the same request (ARCHITECTURE.md,
 * v3 idempotency): another sandbox scenario header is 409 9000010, another method, path
 * or body 409 9000039.
 */
export function assertSameRequest(earlier: { fingerprint: string; scenario: string | null }, request: { fingerprint: string; scenario: string | null }): void {
  if (earlier.scenario !== request.scenario) throw new ApiError('9000010');
  if (earlier.fingerprint !== request.fingerprint) throw new ApiError('9000039', 'This Idempotency-Key was used with a different request');
}
