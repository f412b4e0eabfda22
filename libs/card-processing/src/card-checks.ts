/** The Luhn check digit of a card number. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{13,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month (UTC). */
export function notExpired(expiryMonth: string, expiryYear: string, now: Date): boolean {
  const month = Number(expiryMonth);
  const year = 2000 + Number(expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  const firstDayAfter = Date.UTC(year, month, 1);
  return now.getTime() < firstDayAfter;
}
