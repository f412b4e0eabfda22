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
    const count = characterCount(value);
    if (count < min || count > bounds.max) ctx.addIssue({ code: 'custom', message: `must be ${expected} (has ${count})` });
  });
}
