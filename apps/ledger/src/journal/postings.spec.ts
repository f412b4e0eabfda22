import fc from 'fast-check';
import { Decimal } from '@platform/money';
import { assertBalanced, merchantAccount, platformAccount, transfer, type Posting } from './postings';

const cents = fc.integer({ min: 1, max: 10_000_000_00 }).map((value) => new Decimal(value).div(100));
const available = merchantAccount('MRC-100001', 'live', 'api', 'available', 'TRY');
const clearing = platformAccount('live', 'card_clearing', 'TRY');

describe('journal postings', () => {
  it('accepts any transfer and any sum of transfers', () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 10 }), (amounts) => {
        const postings: Posting[] = amounts.flatMap((amount) => transfer(clearing, available, amount));
        expect(() => assertBalanced(postings)).not.toThrow();
      }),
    );
  });

  it('refuses any set of postings that does not sum to zero', () => {
    fc.assert(
      fc.property(cents, cents, (amount, skew) => {
        const [from, to] = transfer(clearing, available, amount);
        expect(() => assertBalanced([from!, { ...to!, amount: to!.amount.plus(skew) }])).toThrow(/do not balance in TRY/);
      }),
    );
  });

  it('checks each currency on its own', () => {
    const usd = merchantAccount('MRC-100001', 'live', 'api', 'available', 'USD');
    expect(() =>
      assertBalanced([
        { account: clearing, amount: new Decimal('-10.00') },
        { account: usd, amount: new Decimal('10.00') },
      ]),
    ).toThrow(/TRY/);
  });

  it('refuses zero, sub-cent and lonely postings', () => {
    expect(() => assertBalanced(transfer(clearing, available, new Decimal(0)))).toThrow(/zero/);
    expect(() => assertBalanced(transfer(clearing, available, new Decimal('0.001')))).toThrow(/two decimals/);
    expect(() => assertBalanced([{ account: available, amount: new Decimal(1) }])).toThrow(/two postings/);
  });
});
