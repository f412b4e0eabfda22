import { Module } from '@nestjs/common';
import { Clock, CONFIG } from '@platform/service-kit';
import { AddressThrottle } from '@platform/web-auth';
import type { Config } from './config';
import { AuthController } from './auth/auth.controller';
import { SingleSignOn } from './auth/single-sign-on';
import { ConsoleGate } from './auth/console-gate';
import { CONSOLE_KEY, consoleKey } from './auth/console-key';
import { OperatorAuthService } from './auth/operator-auth.service';
import { OperatorRepository } from './operators/operator.repository';
import { AuditController } from './queues/audit.controller';
import { BooksController } from './queues/books.controller';
import { DisputesController } from './queues/disputes.controller';
import { MerchantsController } from './queues/merchants.controller';
import { OperatorCommands } from './queues/operator-commands';
import { OperatorsController } from './queues/operators.controller';
import { OverviewController } from './queues/overview.controller';
import { PlatformController } from './queues/platform.controller';
import { ReversalsController } from './queues/reversals.controller';
import { WithdrawalsController } from './queues/withdrawals.controller';

@Module({
  controllers: [
    AuthController,
    OverviewController,
    WithdrawalsController,
    ReversalsController,
    DisputesController,
    MerchantsController,
    PlatformController,
    BooksController,
    AuditController,
    OperatorsController,
  ],
  providers: [
    OperatorRepository,
    OperatorAuthService,
    SingleSignOn,
    ConsoleGate,
    OperatorCommands,
    { provide: CONSOLE_KEY, inject: [CONFIG], useFactory: (config: Config) => consoleKey(config) },
    {
      provide: AddressThrottle,
      inject: [OperatorRepository, Clock, CONFIG],
      useFactory: (operators: OperatorRepository, clock: Clock, config: Config) =>
        new AddressThrottle(
          operators.dataSource,
          'console.address_sign_in_failures',
          () => clock.now(),
          config.SIGN_IN_LOCK_MINUTES * 60_000,
          config.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
        ),
    },
  ],
})
/** The operator console (ADR 0039): operators with a second factor, and the queues and pages that run the money side. */
export class ConsoleModule {}
