import fc from 'fast-check';
import { Decimal } from '@platform/money';
import { checkAccountLimit } from './account-limits';

const rates = new Map([
  ['USD', '1'],
  ['EUR', '1.08'],
  ['TRY', '0.029'],
  ['AED', '0.2723'],
]);

describe('account limits after conversion', () => {
  it('converts into the base currency before comparing', () => {
    const result = checkAccountLimit({
      amount: new Decimal('100.00'),
      currency: 'EUR',
      baseCurrency: 'USD',
      usdPerUnit: rates,
      limits: [{ currency_code: 'USD', min_amount: '1.00', max_amount: '107.99' }],
    });
    expect(result).toEqual({ inside: false, converted: '108.00', limit: { currency_code: 'USD', min_amount: '1.00', max_amount: '107.99' } });
  });

  it('refuses an amount that converts below 0.01', () => {
    const result = checkAccountLimit({
      amount: new Decimal('0.10'),
      currency: 'TRY',
      baseCurrency: 'USD',
      usdPerUnit: rates,
      limits: [{ currency_code: 'USD', min_amount: '0.00', max_amount: null }],
    });
    expect(result.inside).toBe(false);
  });

  it('uses the floor of 0.01 and no maximum when the account has no limit for its base currency', () => {
    const check = (amount: string) => checkAccountLimit({ amount: new Decimal(amount), currency: 'TRY', baseCurrency: 'TRY', usdPerUnit: rates, limits: [] });
    expect(check('99999999.00')).toMatchObject({ inside: true, limit: { currency_code: 'TRY', min_amount: '0.01', max_amount: null } });
    expect(check('0.01').inside).toBe(true);
    expect(check('0.00').inside).toBe(false);
  });

  it('refuses an amount above what the platform holds, naming its capacity as the maximum', () => {
    const result = checkAccountLimit({ amount: new Decimal('99999999999999999.00'), currency: 'TRY', baseCurrency: 'TRY', usdPerUnit: rates, limits: [] });
    expect(result).toMatchObject({ inside: false, limit: { currency_code: 'TRY', min_amount: '0.01', max_amount: '9999999999999999.99' } });
  });

  it('refuses an amount that fits only after conversion into a weaker base currency', () => {
    const result = checkAccountLimit({ amount: new Decimal('20000000000000000.00'), currency: 'TRY', baseCurrency: 'USD', usdPerUnit: rates, limits: [] });
    expect(result.inside).toBe(false);
  });

  it('never lets an amount in the base currency past its bounds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 100, max: 500_000 }), (cents, maxCents) => {
        const amount = new Decimal(cents).div(100);
        const max = new Decimal(maxCents).div(100).toFixed(2);
        const result = checkAccountLimit({
          amount,
          currency: 'USD',
          baseCurrency: 'USD',
          usdPerUnit: rates,
          limits: [{ currency_code: 'USD', min_amount: '1.00', max_amount: max }],
        });
        return result.inside === (amount.gte('1.00') && amount.lte(max));
      }),
    );
  });
});
