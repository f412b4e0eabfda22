import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { BinsModule } from './bins/bins.module';
import { OrdersModule } from './orders/orders.module';

runService({
  name: 'orders-v4',
  ...DATABASE,
  rpcClient: false,
  merchantSettings: true,
  maintenance: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [BinsModule, OrdersModule],
});
