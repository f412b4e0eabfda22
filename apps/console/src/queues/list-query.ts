import type { z } from 'zod';
import { parseOrReject } from '@platform/service-kit';

/**
 * A list page's query: an empty filter ("any") is no filter; anything else must be one of its
 * values (422 otherwise). `done` is the notice of the change that led back here, not a filter.
 */
export function listQuery<S extends z.ZodTypeAny>(schema: S, query: unknown): z.infer<S> {
  const given = Object.entries((query ?? {}) as Record<string, unknown>).filter(([name, value]) => value !== '' && name !== 'done');
  return parseOrReject(schema, Object.fromEntries(given));
}

/** A list's filters as they go back into its links (paging keeps them). */
export function filtersOf(query: Record<string, unknown>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, value === undefined || value === null ? undefined : String(value)]));
}
