import { z } from 'zod';

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Length in characters (Unicode code points), the unit of every length rule of the spec.
 * A JavaScript string's `length` counts UTF-16 code units: an emoji counts twice there.
 */
export function characterCount(value: string): number {
  if (!SURROGATE.test(value)) return value.length;
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

// C0 controls but tab, line feed and carriage return; DEL and the C1 controls.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain control characters or unpaired surrogates';

/**
 * Text no field may carry: NUL and other control characters (Postgres refuses NUL, logs and
 * terminals misread the rest) and UTF-16 surrogates without their pair (not Unicode text).
 */
export function isUnsafeText(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** The path of every string (and key) in a JSON value that is unsafe text, e.g. `card.holder_name`. */
export function unsafeTextFields(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return isUnsafeText(value) ? [path || 'body'] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextFields(item, path ? `${path}.${index}` : String(index)));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => {
    const field = path ? `${path}.${key}` : key;
    return isUnsafeText(key) ? [field.replace(CONTROL_OR_SURROGATE_GLOBAL, '?')] : unsafeTextFields(item, field);
  });
}

const CONTROL_OR_SURROGATE_GLOBAL = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/g;

/** The first `max` characters, never cutting a character in half. */
export function truncateCharacters(value: string, max: number): string {
  if (characterCount(value) <= max) return value;
  let end = 0;
  let taken = 0;
  for (const char of value) {
    if (taken === max) break;
    end += char.length;
    taken += 1;
  }
  return value.slice(0, end);
}

/** A string of `min` to `max` characters (code points), for every length rule of a schema. */
export function text(bounds: { min?: number; max: number }, base: z.ZodString = z.string()) {
  const min = bounds.min ?? 0;
  const expected = min > 0 ? `${min} to ${bounds.max} characters` : `at most ${bounds.max} characters`;
  return base.superRefine((value, ctx) => {
    if (isUnsafeText(value)) ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE });
    const count = characterCount(value);
    if (count < min || count > bounds.max) ctx.addIssue({ code: 'custom', message: `must be ${expected} (has ${count})` });
  });
}
