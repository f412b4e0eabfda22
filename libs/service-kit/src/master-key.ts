import type { z } from 'zod';
import { secret, type Secret } from './config';

const DEV_MASTER_KEY = Buffer.alloc(32, 'dev-master-key-not-for-production');

/** The key API secrets are sealed under, at rest in the gateway and on the reference topic. */
export const MasterKeyFields = {
  /** 32 bytes, base64 (a KMS-held key in production). Required in production. */
  MASTER_KEY: secret().optional(),
};

export function requireMasterKeyInProduction(config: { NODE_ENV: string; MASTER_KEY?: Secret }, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && !config.MASTER_KEY) {
    ctx.addIssue({ code: 'custom', path: ['MASTER_KEY'], message: 'required in production' });
  }
  if (config.MASTER_KEY && Buffer.from(config.MASTER_KEY.reveal(), 'base64').length !== 32) {
    ctx.addIssue({ code: 'custom', path: ['MASTER_KEY'], message: 'must be 32 bytes encoded in base64' });
  }
}

export function masterKey(config: { MASTER_KEY?: Secret }): Buffer {
  return config.MASTER_KEY ? Buffer.from(config.MASTER_KEY.reveal(), 'base64') : DEV_MASTER_KEY;
}
