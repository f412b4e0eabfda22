import { z } from 'zod';
import { ApiError, Errors, ORDER_STATUSES, PAYMENT_STATUSES } from '@platform/contracts';

/*
 * The list pages' query, validated as the API validates its list queries: the same paging
 * rules and messages as the gateway's PagingQuerySchema, and 422 1000001 naming each field.
 * A local copy until the gateway's validation helpers are shared from a library.
 */

const integerText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(String(fallback));

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
  return z
    .object({
      page: integerText(1, 100000, 1),
      per_page: integerText(1, 100, 20),
      status: optional(z.enum(statuses)),
      from: optional(day),
      to: optional(day),
      search: optional(z.string().trim().max(64, 'must be at most 64 characters')),
    })
    .superRefine((query, context) => {
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

/** Field path → messages, the `errors` member of a 1000001 problem (as the gateway words it). */
export function fieldErrors(issues: z.ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** Validates input against a schema or throws 422 1000001 naming every failing field. */
export function parseOrReject<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ApiError(Errors.RequestSchemaInvalid, 'Request does not match the schema', { errors: fieldErrors(result.error.issues) });
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
