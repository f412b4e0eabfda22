import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { DisputesModule } from './disputes/disputes.module';

runService({
  name: 'disputes',
  ...DATABASE,
  rpcClient: true,
  merchantSettings: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [DisputesModule],
});
