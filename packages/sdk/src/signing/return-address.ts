import { formatTimestamp, isLowerHex64, isTenDigitTimestamp, nowInSeconds, timestampWithin, timingSafeEqualHex } from './checks.js';
import { hmacSha256Hex, type SigningSecret } from './hash.js';
import { VERIFIED, verifyFailure, type VerifyResult } from './verify-result.js';

/** Reject a return address whose `ts` is older than 10 minutes. */
export const DEFAULT_RETURN_ADDRESS_MAX_AGE_SECONDS = 600;

export type ReturnStatus = 'paid' | 'failed';

export interface ReturnAddressFields {
  /** Order number: digits only (9 digits in v4), so the dotted text cannot be re-split. */
  orderCode: string;
  status: ReturnStatus;
  /** Only for a failed order that has one; absent (or empty) is signed as the empty string. */
  failureCode?: string | null;
  /** Unix seconds when the address was built. */
  ts: string | number;
}

/** Query parameters appended to the return address, in this order; every value is a string. */
export interface ReturnQuery {
  order_code: string;
  status: ReturnStatus;
  /** Present only for a failed order that has a reason code. */
  failure_code?: string;
  ts: string;
  key_version: string;
  sig: string;
}

/** Return-address parameters as received in a query string (any of them may be missing). */
export interface ReturnQueryParams {
  readonly order_code?: string;
  readonly status?: string;
  readonly failure_code?: string;
  readonly ts?: string;
  /** Not part of the signed text: it tells the receiver which secret to verify with. */
  readonly key_version?: string;
  readonly sig?: string;
}

const ORDER_CODE = /^[0-9]+$/;

function isReturnStatus(value: unknown): value is ReturnStatus {
  return value === 'paid' || value === 'failed';
}

/** The signed text: `ts.order_code.status.failure_code`, the last dot kept when there is no failure code. */
export function returnAddressText(fields: ReturnAddressFields): string {
  return `${formatTimestamp(fields.ts)}.${fields.orderCode}.${fields.status}.${fields.failureCode ?? ''}`;
}

/** `sig`: lowercase hex HMAC-SHA256 of {@link returnAddressText} with the API secret. */
export function returnAddressSignature(secret: SigningSecret, fields: ReturnAddressFields): string {
  return hmacSha256Hex(secret, returnAddressText(fields));
}

export interface BuildReturnQueryInput {
  secret: SigningSecret;
  /** Version of the secret used to sign, sent as `key_version`. */
  keyVersion: number;
  orderCode: string;
  status: ReturnStatus;
  failureCode?: string | null;
  /** Unix seconds; defaults to now. */
  ts?: number;
}

/**
 * The signed query parameters of a return address: order_code, status, failure_code
 * (only when present), ts, key_version, sig. Pass the result to `new URLSearchParams`
 * via `Object.entries`. Throws RangeError on an order code that is not digits, a status
 * other than paid/failed, or a timestamp or key version that is not a whole number.
 */
export function buildReturnQuery(input: BuildReturnQueryInput): ReturnQuery {
  const { orderCode, status, keyVersion } = input;
  if (!ORDER_CODE.test(orderCode)) throw new RangeError('orderCode must be digits only');
  if (!isReturnStatus(status)) throw new RangeError('status must be paid or failed');
  if (!Number.isSafeInteger(keyVersion) || keyVersion < 1) throw new RangeError('keyVersion must be a positive integer');
  const ts = formatTimestamp(input.ts ?? nowInSeconds());
  const failureCode = input.failureCode ? input.failureCode : undefined;
  const sig = returnAddressSignature(input.secret, { orderCode, status, failureCode, ts });
  return {
    order_code: orderCode,
    status,
    ...(failureCode === undefined ? {} : { failure_code: failureCode }),
    ts,
    key_version: String(keyVersion),
    sig,
  };
}

/**
 * Checks received return-address parameters: `bad_format` when ts is not ten digits, sig
 * not 64 lowercase hex, order_code not digits or status not paid/failed; `stale` when ts
 * is more than `maxAgeSeconds` (10 minutes) away from `nowSeconds`; `mismatch` when the
 * signature, compared in constant time, is not ours. `key_version` is not checked: use it
 * to pick the secret before calling.
 */
export function verifyReturnAddress(
  params: ReturnQueryParams,
  secret: SigningSecret,
  nowSeconds: number = nowInSeconds(),
  maxAgeSeconds: number = DEFAULT_RETURN_ADDRESS_MAX_AGE_SECONDS,
): VerifyResult {
  const { ts, sig, order_code: orderCode, status, failure_code: failureCode } = params;
  if (!isTenDigitTimestamp(ts) || !isLowerHex64(sig) || orderCode === undefined || !ORDER_CODE.test(orderCode) || !isReturnStatus(status)) {
    return verifyFailure('bad_format');
  }
  if (!timestampWithin(Number(ts), nowSeconds, maxAgeSeconds)) return verifyFailure('stale');
  const expected = returnAddressSignature(secret, { orderCode, status, failureCode, ts });
  return timingSafeEqualHex(expected, sig) ? VERIFIED : verifyFailure('mismatch');
}
