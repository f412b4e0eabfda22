import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { ConsoleModule } from './console.module';
import { DATABASE } from './database';

runService({
  name: 'console',
  ...DATABASE,
  rpcClient: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  trustedProxies: (config) => config.TRUSTED_PROXIES,
  bodyLimitBytes: 64 * 1024,
  imports: () => [ConsoleModule],
});
