/**
 * Why a signed message was refused. `bad_format`: timestamp not ten digits, signature not
 * 64 lowercase hex, or a required field missing; `stale`: timestamp outside the allowed
 * window; `mismatch`: well-formed and fresh, but the signature is not ours.
 */
export type VerifyFailureReason = 'bad_format' | 'stale' | 'mismatch';

export type VerifyResult = { readonly ok: true } | { readonly ok: false; readonly reason: VerifyFailureReason };

export const VERIFIED: VerifyResult = Object.freeze({ ok: true });

export function verifyFailure(reason: VerifyFailureReason): VerifyResult {
  return { ok: false, reason };
}
