import { AMOUNT_CAPACITY, Decimal, formatAmount, withinCapacity } from '@platform/money';

export interface AccountLimit {
  currency_code: string;
  min_amount: string;
  max_amount: string | null;
}

// With no limit set, the spec's floor: 9000005 below 0.01 after conversion; the panel shows no limits.
const DEFAULT_MIN = '0.01';

/**
 * Converts the amount into the account's base currency at the current rates (both
 * quoted in USD per unit) and checks it against the account's limit in that currency.
 * Returns the limit that applies and whether the amount lies inside it.
 */
export function checkAccountLimit(input: {
  amount: Decimal;
  currency: string;
  baseCurrency: string;
  usdPerUnit: Map<string, string>;
  limits: AccountLimit[];
}): { inside: boolean; converted: string; limit: AccountLimit } {
  const configured = input.limits.find((limit) => limit.currency_code === input.baseCurrency);
  const limit: AccountLimit = configured ?? { currency_code: input.baseCurrency, min_amount: DEFAULT_MIN, max_amount: null };
  const from = input.usdPerUnit.get(input.currency);
  const to = input.usdPerUnit.get(input.baseCurrency);
  if (!from || !to) return { inside: false, converted: '0.00', limit };
  const converted = new Decimal(formatAmount(input.amount.mul(from).div(to)));
  if (!withinCapacity(input.amount) || !withinCapacity(converted)) {
    // Above what the platform can hold: the bound that applies is its capacity when the account sets none.
    return { inside: false, converted: converted.toFixed(2), limit: { ...limit, max_amount: limit.max_amount ?? AMOUNT_CAPACITY.toFixed(2) } };
  }
  const inside = converted.gte('0.01') && converted.gte(limit.min_amount) && (limit.max_amount === null || converted.lte(limit.max_amount));
  return { inside, converted: converted.toFixed(2), limit };
}
