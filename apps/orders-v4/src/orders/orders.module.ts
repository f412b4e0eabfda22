import { Module } from '@nestjs/common';
import { BinsModule } from '../bins/bins.module';
import { CARD_PROCESSORS_PROVIDER } from '@platform/card-processing';
import { CustomerFlowService } from './customer-flow.service';
import { OrderCreationService } from './order-creation.service';
import { OrderExpiryService } from './order-expiry.service';
import { LateConfirmationService } from './late-confirmation.service';
import { OrderQueryService } from './order-query.service';
import { OrderRepository } from './order.repository';
import { OrdersHandlers } from './orders.handlers';
import { PendingLookup } from './pending-lookup.service';

@Module({
  imports: [BinsModule],
  providers: [
    CARD_PROCESSORS_PROVIDER,
    PendingLookup,
    CustomerFlowService,
    OrderExpiryService,
    OrderRepository,
    OrderCreationService,
    OrderQueryService,
    LateConfirmationService,
    OrdersHandlers,
  ],
})
export class OrdersModule {}
