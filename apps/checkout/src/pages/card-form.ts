import { isUnsafeText } from '@platform/contracts';

/** The fields of the card form (ARCHITECTURE.md, sandbox test screens) and what each accepts. */
const CARD_FORM_FIELDS: Record<string, RegExp> = {
  holder_name: /^.{2,120}$/u,
  number: /^\d{13,19}$/,
  expiry_month: /^(0[1-9]|1[0-2])$/,
  expiry_year: /^\d{2}$/,
  cvv: /^\d{3,4}$/,
};

/** The card typed into the form, trimmed (the number without its spaces), or null when a field is missing or malformed. */
export function readCardForm(form: Record<string, unknown>): Record<string, string> | null {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
  const card = Object.fromEntries(Object.keys(CARD_FORM_FIELDS).map((name) => [name, text(name)]));
  // People type card numbers in groups.
  card.number = card.number!.replace(/[\s-]/g, '');
  const wellFormed = Object.entries(CARD_FORM_FIELDS).every(([name, pattern]) => pattern.test(card[name]!));
  return wellFormed && !isUnsafeText(card.holder_name!) ? card : null;
}
