/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its encoder */

interface EncoderState {
  buf: Buffer;
  offset: number;
  ensureAvailable(length: number): void;
}

/** kafkajs's protocol encoder (internal module, patched below). */
export const Encoder: { prototype: EncoderState & { writeUVarInt(value: number): EncoderState } } = require('kafkajs/src/protocol/encoder');

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
