import type { z } from 'zod';
import type { Secret } from './config';

/** A 32-byte key from configuration (base64): required in production, a fixed development key elsewhere. */
export function requireKeyInProduction(name: string, config: { NODE_ENV: string } & Partial<Record<string, unknown>>, ctx: z.RefinementCtx): void {
  const value = config[name] as Secret | undefined;
  if (config.NODE_ENV === 'production' && !value) ctx.addIssue({ code: 'custom', path: [name], message: 'required in production' });
  if (value && Buffer.from(value.reveal(), 'base64').length !== 32)
    ctx.addIssue({ code: 'custom', path: [name], message: 'must be 32 bytes encoded in base64' });
}

export function keyOrDevelopmentKey(value: Secret | undefined, developmentKey: Buffer): Buffer {
  return value ? Buffer.from(value.reveal(), 'base64') : developmentKey;
}
