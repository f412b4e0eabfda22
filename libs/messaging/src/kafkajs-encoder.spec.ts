/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its record encoders */
import fc from 'fast-check';
import { Encoder, kafkajsWriteUVarInt, writeVarIntsInPlace } from './kafkajs-encoder';
import { KAFKAJS_VERSION } from './kafkajs-request-queue';

interface Encoded {
  buffer: Buffer;
}
interface VarIntEncoder extends Encoded {
  writeBuffer(bytes: Buffer): VarIntEncoder;
  writeUVarInt(value: number): VarIntEncoder;
  writeVarInt(value: number): VarIntEncoder;
}
const EncoderClass = Encoder as unknown as new () => VarIntEncoder;
const encodeRecord: (record: {
  offsetDelta: number;
  timestampDelta: number;
  key: Buffer | null;
  value: Buffer;
  headers: Record<string, string>;
}) => Encoded = require('kafkajs/src/protocol/recordBatch/record/v0');
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as {
  RecordBatch: (batch: { firstTimestamp: number; maxTimestamp: number; lastOffsetDelta: number; records: Encoded[] }) => Promise<Encoded>;
};

const inPlace = (() => {
  writeVarIntsInPlace();
  const patched = Encoder.prototype.writeUVarInt;
  Encoder.prototype.writeUVarInt = kafkajsWriteUVarInt;
  return patched;
})();

/** Runs `encode` with kafkajs's own varints, then with the in-place ones: both outputs. */
async function bothWays(encode: () => Encoded | Promise<Encoded>): Promise<[Buffer, Buffer]> {
  const saved = Encoder.prototype.writeUVarInt;
  try {
    Encoder.prototype.writeUVarInt = kafkajsWriteUVarInt;
    const kafkajs = (await encode()).buffer;
    Encoder.prototype.writeUVarInt = inPlace;
    return [kafkajs, (await encode()).buffer];
  } finally {
    Encoder.prototype.writeUVarInt = saved;
  }
}

/** One value of each encoded length (1 to 5 bytes), and negative ones (zigzag's and truncated). */
const ONE_OF_EACH_LENGTH = [0, 127, 128, 2 ** 14, 2 ** 21, 2 ** 28, -1, -(2 ** 31)];

const anyNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: 0, max: 300 }),
  fc.maxSafeInteger(),
  fc.double(),
  fc.constantFrom(...ONE_OF_EACH_LENGTH, 16383, 2 ** 31 - 1, 2 ** 32, 2 ** 32 + 5, 2 ** 53, 1e21, 0.5, -0.5, -0),
);

describe('kafkajs varints written in place', () => {
  it('replaces the kafkajs writer this was checked against', () => {
    // A later kafkajs may write varints otherwise: look again at what the patch replaces.
    expect(KAFKAJS_VERSION).toBe('2.2.4');
    expect(inPlace).not.toBe(kafkajsWriteUVarInt);
  });

  it('writes the bytes kafkajs writes, for integers, fractions, values past 32 bits and NaN, unsigned and zigzag', async () => {
    await fc.assert(
      fc.asyncProperty(anyNumber, async (value) => {
        const [unsignedKafkajs, unsignedInPlace] = await bothWays(() => new EncoderClass().writeUVarInt(value));
        expect(unsignedInPlace.equals(unsignedKafkajs)).toBe(true);
        const [zigzagKafkajs, zigzagInPlace] = await bothWays(() => new EncoderClass().writeVarInt(value));
        expect(zigzagInPlace.equals(zigzagKafkajs)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('grows the buffer when a varint lands at its end, wherever it ends', async () => {
    for (let written = 0; written <= 1030; written += 1) {
      for (const value of ONE_OF_EACH_LENGTH) {
        const [kafkajs, patched] = await bothWays(() => new EncoderClass().writeBuffer(Buffer.alloc(written, 0xaa)).writeUVarInt(value).writeUVarInt(value));
        expect(patched.equals(kafkajs)).toBe(true);
      }
    }
  });

  it('encodes a record batch with headers byte for byte as kafkajs does', async () => {
    const record = fc.record({
      key: fc.option(
        fc.string({ maxLength: 100, size: 'max' }).map((text) => Buffer.from(text)),
        { nil: null },
      ),
      value: fc.oneof(fc.string(), fc.string({ minLength: 100, maxLength: 3000, size: 'max' })).map((text) => Buffer.from(text)),
      headers: fc.dictionary(fc.string({ minLength: 1, maxLength: 30, size: 'max' }), fc.string({ maxLength: 200, size: 'max' }), {
        maxKeys: 12,
        size: 'max',
      }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 8 }), async (records) => {
        const encode = () =>
          RecordBatch({
            firstTimestamp: 1_790_000_000_000,
            maxTimestamp: 1_790_000_000_000,
            lastOffsetDelta: records.length - 1,
            records: records.map((entry, offsetDelta) => encodeRecord({ offsetDelta, timestampDelta: 0, ...entry })),
          });
        const [kafkajs, patched] = await bothWays(encode);
        expect(patched.equals(kafkajs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
