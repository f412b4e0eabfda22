import { isIP } from 'node:net';
import { z } from 'zod';

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** The load balancers or ingress whose X-Forwarded-For and X-Forwarded-Proto are believed. */
export const TrustedProxiesFields = {
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrRange), 'expected IP addresses or CIDR ranges'),
};

/**
 * Behind an ingress every caller has the ingress's address: without the proxies named,
 * allowlists and per-address limits would see one caller, and TLS would look like plain HTTP.
 */
export function requireTrustedProxiesInProduction(config: { NODE_ENV: string; TRUSTED_PROXIES: string[] }, ctx: z.RefinementCtx): void {
  if (config.NODE_ENV === 'production' && config.TRUSTED_PROXIES.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: 'required in production: the addresses or ranges of the ingress or load balancer' });
  }
}
