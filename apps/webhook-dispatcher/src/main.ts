import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { DeliveriesModule } from './deliveries/deliveries.module';

runService({
  name: 'webhook-dispatcher',
  ...DATABASE,
  rpcClient: false,
  merchantSettings: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [DeliveriesModule],
});
