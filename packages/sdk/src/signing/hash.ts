import { createHash, createHmac } from 'node:crypto';

/** A request or webhook body as it travels: text is taken as its UTF-8 bytes. */
export type SigningBody = string | Buffer | Uint8Array;

/** An API secret: the text handed to the merchant, or its bytes once decrypted. */
export type SigningSecret = string | Buffer | Uint8Array;

/** SHA-256 of the empty string: the body hash of a request without a body. */
export const EMPTY_BODY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The exact bytes that are hashed and signed; no body (undefined or null) is zero bytes. */
export function bodyBytes(body: SigningBody | null | undefined): Uint8Array {
  if (body === undefined || body === null) return new Uint8Array(0);
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

/** Lowercase hex SHA-256 of the exact body bytes (of the empty string when there is no body). */
export function sha256Hex(body: SigningBody | null | undefined): string {
  return createHash('sha256').update(bodyBytes(body)).digest('hex');
}

/** Lowercase hex HMAC-SHA256 of the given parts, fed in order, keyed with the API secret. */
export function hmacSha256Hex(secret: SigningSecret, ...parts: readonly SigningBody[]): string {
  const hmac = createHmac('sha256', secret);
  for (const part of parts) hmac.update(bodyBytes(part));
  return hmac.digest('hex');
}
