import { z } from 'zod';
import { text } from '@platform/contracts';

export const MerchantOrderIdSchema = text({ min: 1, max: 64 }, z.string().regex(/^[A-Za-z0-9._-]*$/, 'only A-Z a-z 0-9 . _ - are allowed'));

const CardSchema = z
  .object({
    holder_name: text({ min: 2, max: 120 }, z.string().trim()),
    number: z.string().regex(/^\d{13,19}$/, 'must be 13 to 19 digits'),
    expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be 01 to 12'),
    expiry_year: z.string().regex(/^\d{2}$/, 'must be 2 digits'),
    cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  })
  .strict();

/** Direct (`card`) or hosted (`bin`) order; the body decides the mode, both together is a schema error. */
export const CreateOrderBodySchema = z
  .object({
    merchant_order_id: MerchantOrderIdSchema,
    amount: z.string(),
    card: CardSchema.optional(),
    bin: z
      .string()
      .regex(/^\d{6}$/, 'must be exactly six digits')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.card && body.bin) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'send either card or bin, not both' });
      ctx.addIssue({ code: 'custom', path: ['bin'], message: 'send either card or bin, not both' });
    } else if (!body.card && !body.bin) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'card (direct) or bin (hosted) is required' });
    }
  });
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const SandboxResultBodySchema = z.object({ result: z.enum(['paid', 'failed']) }).strict();
