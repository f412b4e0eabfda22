/* eslint-disable @typescript-eslint/no-require-imports -- kafkajs does not export its record encoders */
import fc from 'fast-check';
import {
  Encoder,
  encodeRecord,
  encodeRecordsInOneBuffer,
  kafkajsEncodeRecord,
  kafkajsWriteUVarInt,
  writeVarIntsInPlace,
  type RecordFields,
} from './kafkajs-encoder';
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
            records: records.map((entry, offsetDelta) => kafkajsEncodeRecord({ offsetDelta, timestampDelta: 0, ...entry })),
          });
        const [kafkajs, patched] = await bothWays(encode);
        expect(patched.equals(kafkajs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

/** The bytes an encoder wrote, or the kind and message of the error it threw. */
function outcome(encode: () => Encoded): { bytes: string } | { error: string } {
  try {
    return { bytes: encode().buffer.toString('hex') };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe('kafkajs records encoded in one buffer', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.string({ minLength: 200, maxLength: 3000, size: 'max' }),
  );
  const bytes = fc.oneof(
    text.map((value) => Buffer.from(value)),
    fc.uint8Array({ maxLength: 300 }).map((value) => Buffer.from(value)),
  );
  const headerValue = fc.oneof(text, bytes);
  const record: fc.Arbitrary<RecordFields> = fc.record(
    {
      offsetDelta: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })),
      timestampDelta: fc.oneof(
        fc.integer({ min: -5000, max: 5000 }),
        fc.integer(),
        fc.maxSafeInteger(),
        fc.constantFrom(2 ** 30 - 1, 2 ** 30, -(2 ** 30), -(2 ** 30) + 1, 2 ** 31, 2 ** 40, Number.NaN, 0.5, -0),
      ),
      key: fc.oneof(fc.constant(null), text, bytes),
      value: fc.oneof(fc.constant(null), text, bytes),
      headers: fc.dictionary(fc.string({ minLength: 1, maxLength: 30 }), fc.oneof(headerValue, fc.array(headerValue, { maxLength: 3 })), { maxKeys: 14 }),
    },
    { requiredKeys: ['value'] },
  );

  it('writes the bytes kafkajs writes for a record, whatever its key, value, deltas and headers', () => {
    fc.assert(
      fc.property(record, (fields) => {
        expect(outcome(() => encodeRecord(fields))).toEqual(outcome(() => kafkajsEncodeRecord(fields)));
      }),
      { numRuns: 3000 },
    );
  });

  it('fails where kafkajs fails: a header without a value, a fractional timestamp delta', () => {
    for (const fields of [
      { value: 'v', headers: { 'rpc-id': null } },
      { value: 'v', timestampDelta: 0.5 },
    ]) {
      expect(outcome(() => kafkajsEncodeRecord(fields))).toHaveProperty('error');
      expect(outcome(() => encodeRecord(fields))).toEqual(outcome(() => kafkajsEncodeRecord(fields)));
    }
  });

  it('is the encoder kafkajs produce requests load once installed, and refuses to install after one has loaded', () => {
    encodeRecordsInOneBuffer();
    expect(require('kafkajs/src/protocol/recordBatch/record/v0')).toBe(encodeRecord);
    require('kafkajs/src/protocol/requests/produce/v3/request');
    expect(() => encodeRecordsInOneBuffer()).not.toThrow();
    jest.isolateModules(() => {
      require('kafkajs/src/protocol/requests/produce/v3/request');
      const fresh = require('./kafkajs-encoder') as typeof import('./kafkajs-encoder');
      expect(() => fresh.encodeRecordsInOneBuffer()).toThrow(/produced already/);
    });
  });
});
