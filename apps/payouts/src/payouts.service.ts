import type { ServiceSpec } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { WithdrawalsModule } from './withdrawals/withdrawals.module';

/** The payouts service as main.ts runs it and as integration specs compile it. */
export const PAYOUTS_SERVICE: ServiceSpec<typeof ConfigSchema> = {
  name: 'payouts',
  ...DATABASE,
  rpcClient: true,
  merchantSettings: true,
  maintenance: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [WithdrawalsModule],
};
