import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  ApiError,
  DecideWithdrawal,
  GetWithdrawal,
  IdempotencyKeyUseQueries,
  ListWithdrawals,
  OperatorListWithdrawals,
  RequestWithdrawal,
  Errors,
} from '@platform/contracts';
import { RpcServer, callerOf } from '@platform/messaging';
import { WithdrawalService } from './withdrawal.service';

@Injectable()
export class WithdrawalsHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly withdrawals: WithdrawalService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(RequestWithdrawal, (request, context) => {
      if (!context.idempotencyKey)
        throw new ApiError(Errors.RequestSchemaInvalid, 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
      return this.withdrawals.request(callerOf(context), request, context.idempotencyKey);
    });
    this.rpc.handle(GetWithdrawal, (request, context) => this.withdrawals.get(callerOf(context), request.id));
    this.rpc.handle(ListWithdrawals, (request, context) =>
      this.withdrawals.list(callerOf(context), { status: request.status, page: request.page, perPage: request.per_page }),
    );
    this.rpc.handle(OperatorListWithdrawals, (request) =>
      this.withdrawals.listForOperator({ status: request.status, page: request.page, perPage: request.per_page, environment: request.environment }),
    );
    this.rpc.handle(IdempotencyKeyUseQueries.payouts, async (request, context) => ({ uses: await this.withdrawals.keyUses(callerOf(context), request.key) }));
    this.rpc.handle(DecideWithdrawal, (request) => this.withdrawals.decide(request.id, request));
  }
}
