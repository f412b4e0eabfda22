import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { LedgerModule } from './ledger.module';

runService({
  name: 'ledger',
  ...DATABASE,
  rpcClient: false,
  merchantSettings: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [LedgerModule],
});
