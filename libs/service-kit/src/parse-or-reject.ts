import type { z } from 'zod';
import { ApiError, Errors } from '@platform/contracts';

/** Field path → messages, the `errors` member of a 1000001 problem. */
export function fieldErrors(issues: z.ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[key] = [...(errors[key] ?? []), 'is not a known field'];
      continue;
    }
    const field = issue.path.join('.') || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/**
 * Validates input against a schema or throws 422 1000001 naming every failing field. The
 * API and the merchant panel both validate with it, so a refusal reads the same in either.
 */
export function parseOrReject<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ApiError(Errors.RequestSchemaInvalid, 'Request does not match the schema', { errors: fieldErrors(result.error.issues) });
}
