import type { ServiceSpec } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { GatewayModule } from './gateway.module';
import { installEdgeRateLimit } from './edge/edge-rate-limit';
import { installJsonOnly } from './edge/json-only';
import { TextSafetyGuard } from './edge/text-safety';

/** The gateway as main.ts runs it and as integration specs start it. */
export const GATEWAY_SERVICE: ServiceSpec<typeof ConfigSchema> = {
  name: 'gateway',
  ...DATABASE,
  rpcClient: true,
  // The public service status is answered from this copy (ADR 0040).
  maintenance: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  publicBaseUrl: (config) => config.PUBLIC_BASE_URL,
  trustedProxies: (config) => config.TRUSTED_PROXIES,
  imports: () => [GatewayModule],
  configure: (app) => {
    installEdgeRateLimit(app);
    installJsonOnly(app);
    app.useGlobalGuards(new TextSafetyGuard());
  },
};
