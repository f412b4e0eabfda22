import { MAX_POOLED_BYTES, pooledRandomBytes } from './pooled-random-bytes';

describe('pooled random bytes', () => {
  it('gives as many bytes as asked, from the block and beyond it', () => {
    for (const size of [0, 1, 12, 24, MAX_POOLED_BYTES, MAX_POOLED_BYTES + 1, 5000]) expect(pooledRandomBytes(size)).toHaveLength(size);
  });

  it('never gives the same bytes twice, across many refills of the block', () => {
    const seen = new Set<string>();
    for (let draw = 0; draw < 5000; draw += 1) {
      const token = pooledRandomBytes(draw % 2 === 0 ? 12 : 24).toString('hex');
      expect(seen.has(token)).toBe(false);
      seen.add(token);
    }
  });

  it('gives bytes spread over every value, never the zeros it wipes behind a draw', () => {
    const counts = new Array<number>(256).fill(0);
    const draws = 20000;
    for (let draw = 0; draw < draws; draw += 1) {
      const bytes = pooledRandomBytes(12);
      expect(bytes.every((byte) => byte === 0)).toBe(false);
      for (const byte of bytes) counts[byte]! += 1;
    }
    // 240,000 bytes: about 937 of each value; a fair source stays within ±25 % with certainty.
    const expected = (draws * 12) / 256;
    for (const count of counts) expect(Math.abs(count - expected)).toBeLessThan(expected / 4);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the size %p', (size) => {
    expect(() => pooledRandomBytes(size)).toThrow(RangeError);
  });
});
