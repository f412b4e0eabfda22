import type { z } from 'zod';
import { secret, type Secret } from './config';
import { keyOrDevelopmentKey, requireKeyInProduction } from './symmetric-key';

const DEV_MASTER_KEY = Buffer.alloc(32, 'dev-master-key-not-for-production');

/** The key API secrets are sealed under, at rest in the gateway and on the reference topic. */
export const MasterKeyFields = {
  /** 32 bytes, base64 (a KMS-held key in production). Required in production. */
  MASTER_KEY: secret().optional(),
};

export function requireMasterKeyInProduction(config: { NODE_ENV: string; MASTER_KEY?: Secret }, ctx: z.RefinementCtx): void {
  requireKeyInProduction('MASTER_KEY', config, ctx);
}

export function masterKey(config: { MASTER_KEY?: Secret }): Buffer {
  return keyOrDevelopmentKey(config.MASTER_KEY, DEV_MASTER_KEY);
}
