import { Module } from '@nestjs/common';
import { CONFIG } from '@platform/service-kit';
import type { Config } from './config';
import { CsrfTokens } from './three-ds/csrf';
import { HostedController } from './hosted/hosted.controller';
import { ThreeDsController } from './three-ds/three-ds.controller';

const DEV_CSRF_KEY = 'dev-checkout-csrf-key-not-for-production';

@Module({
  controllers: [ThreeDsController, HostedController],
  providers: [
    {
      provide: CsrfTokens,
      inject: [CONFIG],
      useFactory: (config: Config) => new CsrfTokens(Buffer.from(config.CSRF_KEY?.reveal() ?? DEV_CSRF_KEY)),
    },
  ],
})
/** The customer's pages of a Direct API order: the 3-D Secure screen and the hosted card form. */
export class CustomerPagesModule {}
