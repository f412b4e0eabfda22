import fc from 'fast-check';
import { notExpired, passesLuhn } from './card-checks';

describe('card checks', () => {
  it.each(['4355090000044242', '4355090000005151', '4355090000089999', '4355090000040000', '4111111111111111'])('accepts the valid number %s', (number) => {
    expect(passesLuhn(number)).toBe(true);
  });

  it('refuses any single changed digit of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4355090000044242'.split('');
        digits[position] = String((Number(digits[position]) + delta) % 10);
        return !passesLuhn(digits.join(''));
      }),
    );
  });

  it.each(['435509000004424', '43550900000442420000', '4355-0900-0004-4242', ''])('refuses the malformed number %j', (number) => {
    expect(passesLuhn(number)).toBe(false);
  });

  it('accepts a card through the last day of its expiry month and refuses it the day after', () => {
    expect(notExpired('11', '26', new Date('2026-11-30T23:59:59Z'))).toBe(true);
    expect(notExpired('11', '26', new Date('2026-12-01T00:00:00Z'))).toBe(false);
    expect(notExpired('13', '30', new Date('2026-01-01T00:00:00Z'))).toBe(false);
  });
});
