import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, DecideReversal, GetReversal, ListReversals, OperatorListReversals, RequestReversal, Errors, type RequestOf } from '@platform/contracts';
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
    const filterOf = (request: RequestOf<typeof ListReversals>) => ({
      status: request.status,
      operation: request.operation_type,
      page: request.page,
      perPage: request.per_page,
    });
    this.rpc.handle(ListReversals, (request, context) => this.reversals.list(callerOf(context), filterOf(request)));
    this.rpc.handle(OperatorListReversals, (request) => this.reversals.listForOperator({ ...filterOf(request), environment: request.environment }));
    this.rpc.handle(DecideReversal, (request) => this.reversals.decide(request.id, request));
  }
}
