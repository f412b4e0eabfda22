import { z } from 'zod';

/** An environment variable that is `true` or `false` (nothing else), as a boolean. */
export const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true');
