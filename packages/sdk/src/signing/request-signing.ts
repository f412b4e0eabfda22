import {
  DEFAULT_TIMESTAMP_TOLERANCE_SECONDS,
  formatTimestamp,
  isLowerHex64,
  isTenDigitTimestamp,
  nowInSeconds,
  timestampWithin,
  timingSafeEqualHex,
} from './checks.js';
import { hmacSha256Hex, sha256Hex, type SigningBody, type SigningSecret } from './hash.js';
import { VERIFIED, verifyFailure, type VerifyResult } from './verify-result.js';

/** Header names of a signed Direct API (v4) request. */
export const V4_SIGNATURE_HEADERS = { timestamp: 'X-CEK-Timestamp', signature: 'X-CEK-Signature' } as const;
/** Header names of a signed v3 request. */
export const V3_SIGNATURE_HEADERS = { timestamp: 'X-CAV-Timestamp', signature: 'X-CAV-Signature' } as const;

export interface V4RequestParts {
  /** Any method; it is signed uppercased. */
  method: string;
  /** Full path without host. A query string, if present, is cut off before signing. */
  path: string;
  /** Exact body bytes sent; undefined or null for a request without a body. */
  body?: SigningBody | null;
  /** Unix seconds as sent in X-CEK-Timestamp. */
  timestamp: string | number;
}

export interface V3RequestParts {
  /** Any method; it is signed uppercased. */
  method: string;
  /** Request target: path with its query string, exactly as sent. */
  target: string;
  /** Exact body bytes sent; undefined or null for a request without a body. */
  body?: SigningBody | null;
  /** Unix seconds as sent in X-CAV-Timestamp. */
  timestamp: string | number;
}

/** The path of a request target without its query string (v4 signs the path only). */
export function pathWithoutQuery(pathOrTarget: string): string {
  const q = pathOrTarget.indexOf('?');
  return q === -1 ? pathOrTarget : pathOrTarget.slice(0, q);
}

function textToSign(timestamp: string | number, method: string, target: string, body: SigningBody | null | undefined): string {
  return [formatTimestamp(timestamp), method.toUpperCase(), target, sha256Hex(body)].join('\n');
}

/** v4 text to sign: timestamp, UPPERCASE method, path without query, body hash, joined by "\n". */
export function v4TextToSign(parts: V4RequestParts): string {
  return textToSign(parts.timestamp, parts.method, pathWithoutQuery(parts.path), parts.body);
}

/** v3 text to sign: timestamp, UPPERCASE method, target with query as sent, body hash, joined by "\n". */
export function v3TextToSign(parts: V3RequestParts): string {
  return textToSign(parts.timestamp, parts.method, parts.target, parts.body);
}

/** Lowercase hex HMAC-SHA256 of the v4 text to sign: the X-CEK-Signature value. */
export function v4RequestSignature(secret: SigningSecret, parts: V4RequestParts): string {
  return hmacSha256Hex(secret, v4TextToSign(parts));
}

/** Lowercase hex HMAC-SHA256 of the v3 text to sign: the X-CAV-Signature value. */
export function v3RequestSignature(secret: SigningSecret, parts: V3RequestParts): string {
  return hmacSha256Hex(secret, v3TextToSign(parts));
}

export interface SignV4RequestInput extends Omit<V4RequestParts, 'timestamp'> {
  secret: SigningSecret;
  /** Defaults to the current Unix time in seconds. */
  timestamp?: string | number;
}

export interface SignV3RequestInput extends Omit<V3RequestParts, 'timestamp'> {
  secret: SigningSecret;
  /** Defaults to the current Unix time in seconds. */
  timestamp?: string | number;
}

export interface V4SignatureHeaders {
  'X-CEK-Timestamp': string;
  'X-CEK-Signature': string;
}

export interface V3SignatureHeaders {
  'X-CAV-Timestamp': string;
  'X-CAV-Signature': string;
}

/** Signs a Direct API (v4) request the way a merchant does; spread the result into the request headers. */
export function signV4Request(input: SignV4RequestInput): V4SignatureHeaders {
  const timestamp = formatTimestamp(input.timestamp ?? nowInSeconds());
  const signature = v4RequestSignature(input.secret, { ...input, timestamp });
  return { 'X-CEK-Timestamp': timestamp, 'X-CEK-Signature': signature };
}

/** Signs a v3 request the way a merchant does; spread the result into the request headers. */
export function signV3Request(input: SignV3RequestInput): V3SignatureHeaders {
  const timestamp = formatTimestamp(input.timestamp ?? nowInSeconds());
  const signature = v3RequestSignature(input.secret, { ...input, timestamp });
  return { 'X-CAV-Timestamp': timestamp, 'X-CAV-Signature': signature };
}

interface VerifyRequestCommon {
  secret: SigningSecret;
  method: string;
  body?: SigningBody | null;
  /** Timestamp header as received (absent or malformed gives `bad_format`). */
  timestamp: string | undefined;
  /** Signature header as received (absent or malformed gives `bad_format`). */
  signature: string | undefined;
  /** Receiver's clock in Unix seconds; defaults to now. */
  nowSeconds?: number;
  /** Allowed clock difference; defaults to 300 seconds. */
  toleranceSeconds?: number;
}

export interface VerifyV4RequestInput extends VerifyRequestCommon {
  /** Path as received; a query string, if present, is cut off before signing. */
  path: string;
}

export interface VerifyV3RequestInput extends VerifyRequestCommon {
  /** Request target (path and query) exactly as received. */
  target: string;
}

function verifyRequest(input: VerifyRequestCommon, expectedFor: (timestamp: string) => string): VerifyResult {
  const { timestamp, signature } = input;
  if (!isTenDigitTimestamp(timestamp) || !isLowerHex64(signature)) return verifyFailure('bad_format');
  const now = input.nowSeconds ?? nowInSeconds();
  if (!timestampWithin(Number(timestamp), now, input.toleranceSeconds ?? DEFAULT_TIMESTAMP_TOLERANCE_SECONDS)) {
    return verifyFailure('stale');
  }
  return timingSafeEqualHex(expectedFor(timestamp), signature) ? VERIFIED : verifyFailure('mismatch');
}

/**
 * Checks a Direct API (v4) request: format of X-CEK-Timestamp and X-CEK-Signature
 * (`bad_format`, code 0055504), the 300-second window (`stale`, 0055504), then the
 * signature in constant time (`mismatch`, 0055505).
 */
export function verifyV4Request(input: VerifyV4RequestInput): VerifyResult {
  return verifyRequest(input, (timestamp) => v4RequestSignature(input.secret, { method: input.method, path: input.path, body: input.body, timestamp }));
}

/** Checks a v3 request the same way as {@link verifyV4Request}, over the target with its query string. */
export function verifyV3Request(input: VerifyV3RequestInput): VerifyResult {
  return verifyRequest(input, (timestamp) => v3RequestSignature(input.secret, { method: input.method, target: input.target, body: input.body, timestamp }));
}
