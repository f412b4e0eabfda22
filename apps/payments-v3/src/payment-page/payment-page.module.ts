import { Module } from '@nestjs/common';
import { CARD_PROCESSORS_PROVIDER } from '@platform/card-processing';
import { PaymentRepository } from '../payments/payment.repository';
import { AttemptRepository } from './attempt.repository';
import { PaymentPageHandlers } from './payment-page.handlers';
import { PaymentPageService } from './payment-page.service';
import { PendingAttemptLookup } from './pending-attempt-lookup';

@Module({
  providers: [PaymentRepository, AttemptRepository, PaymentPageService, PaymentPageHandlers, PendingAttemptLookup, CARD_PROCESSORS_PROVIDER],
})
/** The customer's payment page: card attempts, the 3-D Secure answer, payment.paid and payment.failed. */
export class PaymentPageModule {}
