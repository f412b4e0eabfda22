import { cardNetwork } from './card-network';

describe('cardNetwork', () => {
  it.each([
    ['4355090000044242', 'visa'],
    ['5400610000000005', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['371449635398431', 'amex'],
    ['9792030000000000', 'troy'],
    ['6011000000000004', null],
    ['2720999999999999', 'mastercard'],
    ['2721000000000000', null],
  ])('reads %s as %s', (number, network) => {
    expect(cardNetwork(number)).toBe(network);
  });
});
