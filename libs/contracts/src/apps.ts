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
] as const;
export type PlatformApp = (typeof PLATFORM_APPS)[number];
