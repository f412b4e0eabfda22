import { z } from 'zod';

/** The sign-in settings both browser apps read: password hashing, the account lock and the per-address limit. */
export const SignInConfigFields = {
  /** log2 of scrypt's N; 17 (128 MiB per hash) is OWASP's minimum, and production refuses less than 15. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  /** Consecutive wrong passwords or codes before the account locks for SIGN_IN_LOCK_MINUTES. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  SIGN_IN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * Failed sign-ins (wrong e-mail, password or code) one client address may make in a
   * SIGN_IN_LOCK_MINUTES window, whatever the accounts: then it waits for the next window.
   */
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(50),
};

/** Production refuses a cheap password hash and a public address without TLS. */
export function requireSignInSafetyInProduction(
  config: { NODE_ENV: string; PASSWORD_HASH_COST: number },
  publicUrl: { name: string; value: string },
  ctx: z.RefinementCtx,
): void {
  if (config.NODE_ENV !== 'production') return;
  if (config.PASSWORD_HASH_COST < 15) ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'must be at least 15 in production' });
  if (!publicUrl.value.startsWith('https://')) ctx.addIssue({ code: 'custom', path: [publicUrl.name], message: 'must be https in production' });
}
