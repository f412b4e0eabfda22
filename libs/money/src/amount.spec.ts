import fc from 'fast-check';
import { formatAmount, parseWireAmount, withinBounds, Decimal } from './amount';

describe('wire amounts', () => {
  it.each(['10', '10.0', '10.000', '-1.00', '+1.00', '1e3', '01.00', ' 1.00', '1,00', ''])('refuses %j', (value) => {
    expect(parseWireAmount(value)).toBeNull();
  });

  it('refuses numbers, even whole ones', () => {
    expect(parseWireAmount(10)).toBeNull();
  });

  it('reads a two-decimal string exactly, beyond double precision', () => {
    expect(parseWireAmount('9007199254740993.01')?.toFixed(2)).toBe('9007199254740993.01');
  });

  it('formats back to the same string for every valid amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 17n }), (cents) => {
        const wire = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
        const parsed = parseWireAmount(wire);
        return parsed !== null && formatAmount(parsed) === wire;
      }),
    );
  });

  it('treats the bounds as inclusive and a null maximum as unbounded', () => {
    expect(withinBounds(new Decimal('1.00'), '1.00', '5.00')).toBe(true);
    expect(withinBounds(new Decimal('5.01'), '1.00', '5.00')).toBe(false);
    expect(withinBounds(new Decimal('99999999.00'), '1.00', null)).toBe(true);
  });
});
