/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its encoder */

interface EncoderState {
  buf: Buffer;
  offset: number;
  ensureAvailable(length: number): void;
}

type HeaderValue = string | Buffer | null;

/** What kafkajs's record encoder is given: a message of a produce request, placed in its batch. */
export interface RecordFields {
  offsetDelta?: number;
  timestampDelta?: number;
  key?: string | Buffer | null;
  value: string | Buffer | null;
  headers?: Record<string, HeaderValue | HeaderValue[]>;
}

interface RecordEncoder extends EncoderState {
  readonly buffer: Buffer;
  writeInt8(value: number): RecordEncoder;
  writeVarInt(value: number): RecordEncoder;
  writeVarLong(value: number): RecordEncoder;
  writeVarIntBytes(value: string | Buffer | null | undefined): RecordEncoder;
  writeVarIntString(value: string): RecordEncoder;
}

/** kafkajs's protocol encoder (internal module, patched below). */
export const Encoder: {
  new (initialSize?: number): RecordEncoder;
  prototype: EncoderState & { writeUVarInt(value: number): EncoderState };
  sizeOfVarInt(value: number): number;
  sizeOfVarLong(value: number): number;
  sizeOfVarIntBytes(value: string | Buffer | null | undefined): number;
} = require('kafkajs/src/protocol/encoder');

/** kafkajs's own `writeUVarInt`, kept for the spec to compare with. */
export const kafkajsWriteUVarInt: (this: EncoderState, value: number) => EncoderState = Encoder.prototype.writeUVarInt;

/** An unsigned 32-bit varint takes at most five bytes of seven bits. */
const MAX_VARINT32_BYTES = 5;

/**
 * kafkajs 2.2.4 writes each varint (in a record batch every record's length and offset delta and
 * every header's key and value lengths: 20 or more per command) by pushing its bytes onto an
 * array, making a Buffer of the array and copying that in: two allocations for one to five bytes.
 * In the gateway's allocation profile that was a twentieth of all it allocated (docs/benchmarks.md,
 * fifteenth sitting). This writes the same bytes in place, for every varint kafkajs writes
 * (`writeVarInt`, zigzag, and the compact-field writers call it). Varlongs are left as they are.
 */
export function writeVarIntsInPlace(): void {
  Encoder.prototype.writeUVarInt = function writeUVarInt(this: EncoderState, value: number): EncoderState {
    this.ensureAvailable(MAX_VARINT32_BYTES);
    // As kafkajs: the value is taken as 32 bits; seven bits a byte, low first, the top bit set on all but the last.
    let rest = value;
    while ((rest & ~0x7f) !== 0) {
      this.buf[this.offset++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.buf[this.offset++] = rest & 0x7f;
    return this;
  };
}

/** Where kafkajs's produce request takes its record encoder from (the module cache, at its first produce). */
const RECORD_MODULE = require.resolve('kafkajs/src/protocol/recordBatch/record/v0');
const PRODUCE_REQUEST_MODULE = require.resolve('kafkajs/src/protocol/requests/produce/v3/request');

/** kafkajs's own record encoder, kept for the spec to compare with. */
export const kafkajsEncodeRecord: (record: RecordFields) => { buffer: Buffer } = require(RECORD_MODULE);

/** Below this a varlong's bytes are those of the varint: the zigzag value fits in 31 bits. */
const VARINT_SAFE = 2 ** 30;

function isVarIntSafe(value: number): boolean {
  return Number.isInteger(value) && value > -VARINT_SAFE && value < VARINT_SAFE;
}

/**
 * A record (kafkajs's Record v0: length, attributes, timestamp and offset deltas, key, value,
 * headers) written into one buffer of its exact size. kafkajs makes an encoder, a zero-filled
 * 512-byte buffer, for the record and for each header, copies each header's into the record's,
 * and sizes the timestamp delta through its 64-bit Long: 40 µs a command of 11 headers against
 * 11 µs here (2-core Xeon). The bytes are kafkajs's, down to its errors (a null header value
 * throws in both).
 */
export function encodeRecord({ offsetDelta = 0, timestampDelta = 0, key, value, headers = {} }: RecordFields): RecordEncoder {
  const names: string[] = [];
  const values: HeaderValue[] = [];
  for (const name of Object.keys(headers)) {
    const entry = headers[name]!;
    if (Array.isArray(entry)) {
      for (const each of entry) {
        names.push(name);
        values.push(each);
      }
    } else {
      names.push(name);
      values.push(entry);
    }
  }
  let headersSize = Encoder.sizeOfVarInt(names.length);
  for (let index = 0; index < names.length; index += 1) {
    const nameSize = Buffer.byteLength(names[index]!);
    // Throws for a null value, as kafkajs's sizing does before it could write one.
    const valueSize = Buffer.byteLength(values[index] as string | Buffer);
    headersSize += Encoder.sizeOfVarInt(nameSize) + nameSize + Encoder.sizeOfVarInt(valueSize) + valueSize;
  }
  const smallTimestamp = isVarIntSafe(timestampDelta);
  const timestampSize = smallTimestamp ? Encoder.sizeOfVarInt(timestampDelta) : Encoder.sizeOfVarLong(timestampDelta);
  const bodySize = 1 + timestampSize + Encoder.sizeOfVarInt(offsetDelta) + Encoder.sizeOfVarIntBytes(key) + Encoder.sizeOfVarIntBytes(value) + headersSize;
  const encoder = new Encoder(0);
  encoder.buf = Buffer.allocUnsafe(bodySize + MAX_VARINT32_BYTES);
  encoder.writeVarInt(bodySize).writeInt8(0);
  if (smallTimestamp) encoder.writeVarInt(timestampDelta);
  else encoder.writeVarLong(timestampDelta);
  encoder.writeVarInt(offsetDelta).writeVarIntBytes(key).writeVarIntBytes(value).writeVarInt(names.length);
  for (let index = 0; index < names.length; index += 1) encoder.writeVarIntString(names[index]!).writeVarIntBytes(values[index]);
  return encoder;
}

/**
 * Makes kafkajs's produce requests encode their records with `encodeRecord`. The produce
 * request module binds the record encoder when it loads, at the first produce, so this must
 * run before that; later it refuses rather than leave kafkajs's encoder silently in place.
 */
export function encodeRecordsInOneBuffer(): void {
  const cached = require.cache[RECORD_MODULE]!;
  if (cached.exports === encodeRecord) return;
  if (require.cache[PRODUCE_REQUEST_MODULE]) throw new Error('kafkajs has produced already: its record encoder can no longer be replaced');
  cached.exports = encodeRecord;
}
