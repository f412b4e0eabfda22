import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';

runService({
  name: 'payouts',
  ...DATABASE,
  rpcClient: false,
  merchantSettings: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [],
});
