import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { ServiceStatusModule } from './service-status/service-status.module';

runService({
  name: 'status',
  ...DATABASE,
  rpcClient: false,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [ServiceStatusModule],
});
