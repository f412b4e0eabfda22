import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES, PagingQuerySchema } from '@platform/contracts';

export { parseOrReject } from '@platform/service-kit';

/*
 * The list pages' query, validated as the API validates its list queries: the API's paging
 * (PagingQuerySchema) and parseOrReject, so the rules, messages and 422 1000001 are the gateway's.
 */

/** A calendar day as YYYY-MM-DD that exists (no 2025-02-30). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .pipe(
    z.string().refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, 'is not a date of the calendar'),
  );

/** An empty field of the filter form means no filter. */
const optional = <S extends z.ZodTypeAny>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

function listQuerySchema<S extends readonly [string, ...string[]]>(statuses: S) {
  return PagingQuerySchema.extend({
    status: optional(z.enum(statuses)),
    from: optional(day),
    to: optional(day),
    search: optional(z.string().trim().max(64, 'must be at most 64 characters')),
  }).superRefine((query, context) => {
    if (query.from && query.to && query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  });
}

export const PaymentListQuerySchema = listQuerySchema(PAYMENT_STATUSES);
export const OrderListQuerySchema = listQuerySchema(ORDER_STATUSES);

/** What the filter form shows: the values as entered. */
export interface ListForm {
  status: string;
  from: string;
  to: string;
  search: string;
  per_page: string;
}

export function listFormOf(query: unknown): ListForm {
  const raw = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  return { status: text('status'), from: text('from'), to: text('to'), search: text('search'), per_page: text('per_page') || '20' };
}

/** The list command's filters: a day range in UTC (the `to` day included), search, status and paging. */
export function listFilters(query: { page: number; per_page: number; status?: string; from?: string; to?: string; search?: string }) {
  const nextDay = (text: string) => new Date(new Date(`${text}T00:00:00Z`).getTime() + 86_400_000).toISOString();
  return {
    page: query.page,
    per_page: query.per_page,
    created_from: query.from ? new Date(`${query.from}T00:00:00Z`).toISOString() : null,
    created_to: query.to ? nextDay(query.to) : null,
    search: query.search ? query.search : null,
  };
}
