import { EMPTY_BODY_SHA256, hmacSha256Hex, sha256Hex } from './hash';

describe('sha256Hex (body hash)', () => {
  // printf '' | sha256sum
  const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

  it('hashes a missing body (undefined or null) as the empty string', () => {
    expect(sha256Hex(undefined)).toBe(EMPTY);
    expect(sha256Hex(null)).toBe(EMPTY);
    expect(EMPTY_BODY_SHA256).toBe(EMPTY);
  });

  it('hashes an empty string, empty Buffer and empty Uint8Array as the empty string', () => {
    expect(sha256Hex('')).toBe(EMPTY);
    expect(sha256Hex(Buffer.alloc(0))).toBe(EMPTY);
    expect(sha256Hex(new Uint8Array(0))).toBe(EMPTY);
  });

  it('returns lowercase hex SHA-256 of a text body', () => {
    // printf 'abc' | sha256sum
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes a string body as its UTF-8 bytes, equal to the same bytes given as Buffer or Uint8Array', () => {
    const text = '{"holder_name":"Çağrı Öztürk"}';
    // printf '%s' '{"holder_name":"Çağrı Öztürk"}' | sha256sum   (UTF-8 terminal)
    const expected = '4bf56273f5c1b8c5eda6f5754bd600ba3191985ab2a63eda25cf47245240fed4';
    const bytes = Buffer.from(text, 'utf8');
    expect(sha256Hex(text)).toBe(expected);
    expect(sha256Hex(bytes)).toBe(expected);
    expect(sha256Hex(new Uint8Array(bytes))).toBe(expected);
  });

  it('hashes arbitrary bytes exactly, including bytes that are not valid UTF-8', () => {
    // printf '\xff\x00\x80' | sha256sum
    expect(sha256Hex(Uint8Array.of(0xff, 0x00, 0x80))).toBe('ef192b7af54e943f206ab27075ec1805384c972c9959fc5820f1fa7d5268fcef');
  });
});

describe('hmacSha256Hex', () => {
  it('returns lowercase hex HMAC-SHA256 of the concatenated parts keyed with the secret', () => {
    // printf '1700000000.123456789.paid.' | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
    const expected = '2f4b227ab633953efcb2e1ed41ed00fa32812d7d22ef51ff82d8fa0839aa8f10';
    expect(hmacSha256Hex('test_api_secret_0123456789', '1700000000.123456789.paid.')).toBe(expected);
    expect(hmacSha256Hex('test_api_secret_0123456789', '1700000000.', Buffer.from('123456789.paid.'))).toBe(expected);
    expect(hmacSha256Hex(Buffer.from('test_api_secret_0123456789'), '1700000000.123456789.paid.')).toBe(expected);
  });
});
