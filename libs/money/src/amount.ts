import Decimal from 'decimal.js';
import { isWireAmount } from '@platform/contracts';

export { Decimal };

/**
 * The largest amount the platform holds (its tables keep 16 digits before the point).
 * A larger well-formed amount is not a malformed one: it is refused by the limit it
 * exceeds, with that limit's code.
 */
export const AMOUNT_CAPACITY = new Decimal('9999999999999999.99');

/** A wire amount (contracts' `WireAmountSchema` rule) as a Decimal, or null for anything else. */
export function parseWireAmount(value: unknown): Decimal | null {
  if (!isWireAmount(value)) return null;
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
