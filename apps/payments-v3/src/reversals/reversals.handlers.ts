import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, DecideReversal, GetReversal, ListReversals, RequestReversal, Errors } from '@platform/contracts';
import { RpcServer, callerOf } from '@platform/messaging';
import { ReversalService } from './reversal.service';

@Injectable()
export class ReversalsHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly reversals: ReversalService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(RequestReversal, (request, context) => {
      if (!context.idempotencyKey)
        throw new ApiError(Errors.RequestSchemaInvalid, 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
      return this.reversals.request(callerOf(context), request, context.idempotencyKey);
    });
    this.rpc.handle(GetReversal, (request, context) => this.reversals.get(callerOf(context), request.id));
    this.rpc.handle(ListReversals, (request, context) => {
      const filter = { status: request.status, operation: request.operation_type, page: request.page, perPage: request.per_page };
      return request.all_merchants
        ? this.reversals.listForOperator({ ...filter, environment: request.environment })
        : this.reversals.list(callerOf(context), filter);
    });
    this.rpc.handle(DecideReversal, (request) => this.reversals.decide(request.id, request));
  }
}
