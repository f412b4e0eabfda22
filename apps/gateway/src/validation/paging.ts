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

export { pageOf as page, type Page } from '@platform/contracts';
