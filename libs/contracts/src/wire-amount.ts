import { z } from 'zod';

/**
 * Money on the wire is a string with exactly two decimals, of any size; anything else (a
 * number, "10", "10.0", "1e3", "-1.00", leading zeros) is refused rather than guessed at.
 * The rule lives here, with the wire contracts (which depend on nothing); libs/money turns a
 * wire amount into a Decimal with the same rule.
 */
const WIRE_AMOUNT = /^(0|[1-9]\d*)\.\d{2}$/;
/** What the platform's tables hold: up to 16 digits before the point. */
const STORABLE_WIRE_AMOUNT = /^(0|[1-9]\d{0,15})\.\d{2}$/;
const MESSAGE = 'must be a decimal string with exactly 2 decimals';

export function isWireAmount(value: unknown): value is string {
  return typeof value === 'string' && WIRE_AMOUNT.test(value);
}

/** Any well-formed amount: a larger one than the platform holds is refused by the limit it exceeds, not as malformed. */
export const WireAmountSchema = z.string().regex(WIRE_AMOUNT, MESSAGE);

/** A well-formed amount the platform's tables can hold (operator inputs, which meet no merchant limit). */
export const StorableWireAmountSchema = z.string().regex(STORABLE_WIRE_AMOUNT, MESSAGE);
