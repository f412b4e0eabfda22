import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, CreatePayment, GetPayment, IdempotencyKeyUseQueries, ListPayments, OperatorListFxRates, SetFxRate, Errors } from '@platform/contracts';
import { RpcServer, callerOf } from '@platform/messaging';
import { FxRatesService } from './fx-rates.service';
import { PaymentCreationService } from './payment-creation.service';
import { PaymentQueryService } from './payment-query.service';

@Injectable()
export class PaymentsHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly creation: PaymentCreationService,
    private readonly queries: PaymentQueryService,
    private readonly rates: FxRatesService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(CreatePayment, (request, context) => {
      if (!context.idempotencyKey)
        throw new ApiError(Errors.RequestSchemaInvalid, 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
      return this.creation.create(callerOf(context), request, context.idempotencyKey);
    });
    this.rpc.handle(GetPayment, (request, context) => this.queries.get(callerOf(context), request.code));
    this.rpc.handle(ListPayments, (request, context) => this.queries.list(callerOf(context), request));
    this.rpc.handle(IdempotencyKeyUseQueries.payments, async (request, context) => ({ uses: await this.creation.keyUses(callerOf(context), request.key) }));
    this.rpc.handle(OperatorListFxRates, () => this.rates.current());
    this.rpc.handle(SetFxRate, (request) => this.rates.set(request.currency_code, request.usd_per_unit, request.operator));
  }
}
