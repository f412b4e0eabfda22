import { z } from 'zod';

const integerText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(String(fallback));

/** `page` from 1 (default 1), `per_page` 1 to 100 (default 20); anything else is 422. */
export const PagingQuerySchema = z.object({
  page: integerText(1, 100000, 1),
  per_page: integerText(1, 100, 20),
});

/** A list answer: `{data, meta}` with the spec's PaginationMeta. */
export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
}

export function page<T>(data: T[], total: number, pageNumber: number, perPage: number): Page<T> {
  return { data, meta: { page: pageNumber, per_page: perPage, total, total_pages: Math.ceil(total / perPage) } };
}
