import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, DecideWithdrawal, GetWithdrawal, ListWithdrawals, RequestWithdrawal } from '@platform/contracts';
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
      if (!context.idempotencyKey) throw new ApiError('1000001', 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
      return this.withdrawals.request(callerOf(context), request, context.idempotencyKey);
    });
    this.rpc.handle(GetWithdrawal, (request, context) => this.withdrawals.get(callerOf(context), request.id));
    this.rpc.handle(ListWithdrawals, (request, context) =>
      this.withdrawals.list({
        owner: request.all_merchants ? undefined : callerOf(context),
        environment: request.environment,
        status: request.status,
        page: request.page,
        perPage: request.per_page,
      }),
    );
    this.rpc.handle(DecideWithdrawal, (request) => this.withdrawals.decide(request.id, request));
  }
}
