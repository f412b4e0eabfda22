import Decimal from 'decimal.js';

export { Decimal };

const TWO_DECIMALS = /^(0|[1-9]\d*)\.\d{2}$/;

/**
 * The largest amount the platform holds (its tables keep 16 digits before the point).
 * A larger well-formed amount is not a malformed one: it is refused by the limit it
 * exceeds, with that limit's code.
 */
export const AMOUNT_CAPACITY = new Decimal('9999999999999999.99');

/**
 * Money on the wire is a string with exactly two decimals, of any size; anything else (a
 * number, "10", "10.0", "1e3", "-1.00", leading zeros) is refused rather than guessed at.
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

export function withinCapacity(amount: Decimal): boolean {
  return amount.lessThanOrEqualTo(AMOUNT_CAPACITY);
}
