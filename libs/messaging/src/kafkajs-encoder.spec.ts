/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its record encoders */
import fc from 'fast-check';
import { Encoder, kafkajsWriteUVarInt, writeVarIntsInPlace } from './kafkajs-encoder';

type Encoded = { buffer: Buffer };
const EncoderClass = Encoder as unknown as new () => Encoded & {
  writeUVarInt(value: number): Encoded;
  writeVarInt(value: number): Encoded;
};
const Record: (record: {
  offsetDelta: number;
  timestampDelta: number;
  key: Buffer | null;
  value: Buffer;
  headers: Record<string, string>;
}) => Encoded = require('kafkajs/src/protocol/recordBatch/record/v0');
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as {
  RecordBatch: (batch: { firstTimestamp: number; maxTimestamp: number; lastOffsetDelta: number; records: Encoded[] }) => Promise<Encoded>;
};

const patched = (() => {
  const kafkajs = Encoder.prototype.writeUVarInt;
  writeVarIntsInPlace();
  const inPlace = Encoder.prototype.writeUVarInt;
  Encoder.prototype.writeUVarInt = kafkajs;
  return inPlace;
})();

/** Runs `encode` with kafkajs's own varints, then with the in-place ones: both outputs. */
async function bothWays(encode: () => Encoded | Promise<Encoded>): Promise<[Buffer, Buffer]> {
  const saved = Encoder.prototype.writeUVarInt;
  try {
    Encoder.prototype.writeUVarInt = kafkajsWriteUVarInt;
    const kafkajs = (await encode()).buffer;
    Encoder.prototype.writeUVarInt = patched;
    return [kafkajs, (await encode()).buffer];
  } finally {
    Encoder.prototype.writeUVarInt = saved;
  }
}

const anyNumberAVarIntMayGet = fc.oneof(
  fc.integer(),
  fc.integer({ min: 0, max: 300 }),
  fc.maxSafeInteger(),
  fc.constantFrom(0, 127, 128, 16383, 16384, -1, 2 ** 31 - 1, -(2 ** 31)),
);

describe('kafkajs varints written in place', () => {
  it('writes the bytes kafkajs writes, for every value, unsigned and zigzag', async () => {
    await fc.assert(
      fc.asyncProperty(anyNumberAVarIntMayGet, async (value) => {
        const [unsignedKafkajs, unsignedInPlace] = await bothWays(() => new EncoderClass().writeUVarInt(value));
        expect(unsignedInPlace.equals(unsignedKafkajs)).toBe(true);
        const [zigzagKafkajs, zigzagInPlace] = await bothWays(() => new EncoderClass().writeVarInt(value));
        expect(zigzagInPlace.equals(zigzagKafkajs)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('encodes a record batch with headers byte for byte as kafkajs does, past the encoder growing its buffer', async () => {
    const record = fc.record({
      key: fc.option(
        fc.string().map((text) => Buffer.from(text)),
        { nil: null },
      ),
      value: fc.oneof(fc.string(), fc.string({ minLength: 600, maxLength: 2000 })).map((text) => Buffer.from(text)),
      headers: fc.dictionary(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ maxLength: 200 }), { maxKeys: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 8 }), async (records) => {
        const encode = () =>
          RecordBatch({
            firstTimestamp: 1_790_000_000_000,
            maxTimestamp: 1_790_000_000_000,
            lastOffsetDelta: records.length - 1,
            records: records.map((entry, offsetDelta) => Record({ offsetDelta, timestampDelta: 0, ...entry })),
          });
        const [kafkajs, inPlace] = await bothWays(encode);
        expect(inPlace.equals(kafkajs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
