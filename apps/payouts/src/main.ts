import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { WithdrawalsModule } from './withdrawals/withdrawals.module';

runService({
  name: 'payouts',
  ...DATABASE,
  rpcClient: true,
  merchantSettings: true,
  maintenance: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [WithdrawalsModule],
});
