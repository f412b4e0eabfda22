import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { CustomerPagesModule } from './customer-pages.module';

runService({
  name: 'checkout',
  ...DATABASE,
  rpcClient: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  trustedProxies: (config) => config.TRUSTED_PROXIES,
  // Forms arrive as application/x-www-form-urlencoded; Nest's Fastify adapter parses them.
  bodyLimitBytes: 16 * 1024,
  imports: () => [CustomerPagesModule],
});
