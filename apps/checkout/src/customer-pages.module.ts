import { Module } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from './config';
import { CsrfTokens } from './three-ds/csrf';
import { CardAttemptLimit } from './card-attempts/card-attempt-limit';
import { PageActions } from './pages/page-actions';
import { HostedController } from './hosted/hosted.controller';
import { PaymentPageController } from './payment-page/payment-page.controller';
import { ThreeDsController } from './three-ds/three-ds.controller';

const DEV_CSRF_KEY = 'dev-checkout-csrf-key-not-for-production';

@Module({
  controllers: [ThreeDsController, HostedController, PaymentPageController],
  providers: [
    CardAttemptLimit,
    PageActions,
    {
      provide: CsrfTokens,
      inject: [CONFIG],
      useFactory: (config: Config) => new CsrfTokens(Buffer.from(config.CSRF_KEY?.reveal() ?? DEV_CSRF_KEY)),
    },
  ],
})
/** The customer's pages: the v3 payment page, and the 3-D Secure screen and hosted card form of a Direct API order. */
export class CustomerPagesModule {}
