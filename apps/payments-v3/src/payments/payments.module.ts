import { CARD_PROCESSORS_PROVIDER } from '@platform/card-processing';
import { Module } from '@nestjs/common';
import { PaymentCreationService } from './payment-creation.service';
import { FxRatesService } from './fx-rates.service';
import { PaymentExpiryService } from './payment-expiry.service';
import { PaymentQueryService } from './payment-query.service';
import { PaymentRepository } from './payment.repository';
import { PaymentsHandlers } from './payments.handlers';

@Module({
  providers: [CARD_PROCESSORS_PROVIDER, FxRatesService, PaymentRepository, PaymentCreationService, PaymentExpiryService, PaymentQueryService, PaymentsHandlers],
})
export class PaymentsModule {}
