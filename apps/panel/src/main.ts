import '@platform/observability/register';
import { runService } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { PanelModule } from './panel.module';

runService({
  name: 'panel',
  ...DATABASE,
  rpcClient: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  trustedProxies: (config) => config.TRUSTED_PROXIES,
  // Forms arrive as application/x-www-form-urlencoded; Nest's Fastify adapter parses them.
  bodyLimitBytes: 64 * 1024,
  imports: () => [PanelModule],
});
