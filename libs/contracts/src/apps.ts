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

/**
 * The apps every signed API call passes through allocate a young generation's worth per few
 * hundred requests: with 8 MiB semi-spaces the gateway spent 13 % of its busy time collecting
 * it, with 32 MiB 7 % (orders-v4 8 → 5 %; docs/benchmarks.md, eleventh sitting). They grow
 * them only under load.
 */
const HOT_PATH_NODE_OPTIONS = '--max-semi-space-size=32';
const HOT_PATH_APPS: readonly PlatformApp[] = ['gateway', 'payments-v3', 'orders-v4', 'ledger'];

/** The V8 flags of one app: see SERVICE_NODE_OPTIONS and HOT_PATH_NODE_OPTIONS. */
export function serviceNodeOptions(app: PlatformApp): string {
  return HOT_PATH_APPS.includes(app) ? HOT_PATH_NODE_OPTIONS : SERVICE_NODE_OPTIONS;
}
