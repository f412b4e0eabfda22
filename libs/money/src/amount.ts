import Decimal from 'decimal.js';

export { Decimal };

const TWO_DECIMALS = /^(0|[1-9]\d{0,15})\.\d{2}$/;

/**
 * Money on the wire is a string with exactly two decimals; anything else (a number,
 * "10", "10.0", "1e3", "-1.00", leading zeros) is refused rather than guessed at.
 */
export function parseWireAmount(value: unknown): Decimal | null {
  if (typeof value !== 'string' || !TWO_DECIMALS.test(value)) return null;
  return new Decimal(value);
}

export function formatAmount(amount: Decimal.Value, decimals = 2): string {
  return new Decimal(amount).toFixed(decimals, Decimal.ROUND_HALF_EVEN);
}

export function withinBounds(amount: Decimal, min: Decimal.Value, max: Decimal.Value | null): boolean {
  return amount.greaterThanOrEqualTo(min) && (max === null || amount.lessThanOrEqualTo(max));
}
