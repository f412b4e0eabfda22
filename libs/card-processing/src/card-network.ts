/**
 * The card scheme read from the number's leading digits, for the card summary of a
 * payment when no BIN table entry says more. Null when the prefix belongs to no scheme we take.
 */
export function cardNetwork(number: string): 'visa' | 'mastercard' | 'amex' | 'troy' | null {
  if (/^9792/.test(number)) return 'troy';
  if (/^4/.test(number)) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  const four = Number(number.slice(0, 4));
  if (four >= 2221 && four <= 2720) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return null;
}
