import type { ServiceSpec } from '@platform/service-kit';
import { ConfigSchema } from './config';
import { DATABASE } from './database';
import { PaymentPageModule } from './payment-page/payment-page.module';
import { PaymentsModule } from './payments/payments.module';
import { ReversalsModule } from './reversals/reversals.module';

/** The payments-v3 service as main.ts runs it and as integration specs compile it. */
export const PAYMENTS_V3_SERVICE: ServiceSpec<typeof ConfigSchema> = {
  name: 'payments-v3',
  ...DATABASE,
  rpcClient: true,
  merchantSettings: true,
  maintenance: true,
  configSchema: ConfigSchema,
  port: (config) => config.PORT,
  imports: () => [PaymentsModule, PaymentPageModule, ReversalsModule],
};
