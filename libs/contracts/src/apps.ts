/** The deployable services of the platform, in start order. */
export const PLATFORM_APPS = [
  'gateway',
  'checkout',
  'payments-v3',
  'orders-v4',
  'ledger',
  'payouts',
  'disputes',
  'webhook-dispatcher',
  'status',
  'panel',
  'console',
] as const;
export type PlatformApp = (typeof PLATFORM_APPS)[number];

/**
 * V8 flags every service runs with, set as NODE_OPTIONS by the image, `npm start` and the test
 * stacks alike. A young generation of 8 MiB semi-spaces instead of V8's 16 keeps ten idle services
 * about 130 MiB smaller in all (1,230 → 1,103 MiB) at the same payments throughput within the
 * bench's noise (docs/benchmarks.md, sixth sitting; ADR 0038).
 */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=8';
