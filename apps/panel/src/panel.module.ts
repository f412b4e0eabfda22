import { Module } from '@nestjs/common';
import { Clock, CONFIG } from '@platform/service-kit';
import { AddressThrottle } from '@platform/web-auth';
import type { Config } from './config';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { PanelGate } from './auth/panel-gate';
import { PANEL_KEY, panelKey } from './auth/panel-key';
import { DirectoryMailSink, MailSender, SmtpMailSender } from './mail/mail-sender';
import { MerchantConsole } from './merchant/merchant-console';
import { PanelController } from './merchant/panel.controller';
import { MerchantOperations } from './operations/merchant-operations';
import { OperationsController } from './operations/operations.controller';
import { PaymentsConsole } from './payments/payments-console';
import { PaymentsController } from './payments/payments.controller';
import { PanelHandlers } from './users/panel.handlers';
import { UserRepository } from './users/user.repository';

@Module({
  controllers: [AuthController, PanelController, PaymentsController, OperationsController],
  providers: [
    UserRepository,
    AuthService,
    {
      provide: AddressThrottle,
      inject: [UserRepository, Clock, CONFIG],
      useFactory: (users: UserRepository, clock: Clock, config: Config) =>
        new AddressThrottle(
          users.dataSource,
          'panel.address_sign_in_failures',
          () => clock.now(),
          config.SIGN_IN_LOCK_MINUTES * 60_000,
          config.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
        ),
    },
    PanelGate,
    MerchantConsole,
    PaymentsConsole,
    MerchantOperations,
    PanelHandlers,
    { provide: PANEL_KEY, inject: [CONFIG], useFactory: (config: Config) => panelKey(config) },
    {
      provide: MailSender,
      inject: [CONFIG],
      useFactory: (config: Config) =>
        config.MAIL_SMTP_URL
          ? new SmtpMailSender(config.MAIL_SMTP_URL.reveal(), config.MAIL_FROM)
          : new DirectoryMailSink(config.MAIL_SINK_DIR ?? 'tmp/mail', config.MAIL_FROM),
    },
  ],
})
/** The merchant panel (ADR 0035): merchant users, their sign-in, and the pages of their integration. */
export class PanelModule {}
