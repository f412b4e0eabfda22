import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  AdvanceDispute,
  ApiError,
  CreateSandboxDispute,
  GetDispute,
  IdempotencyKeyUseQueries,
  ListDisputes,
  OperatorListDisputes,
  RecordDispute,
  SubmitEvidence,
  Errors,
} from '@platform/contracts';
import { RpcServer, callerOf, type CommandContext } from '@platform/messaging';
import { DisputeService } from './dispute.service';

function keyOf(context: CommandContext): string {
  if (!context.idempotencyKey)
    throw new ApiError(Errors.RequestSchemaInvalid, 'Idempotency-Key is required', { errors: { 'Idempotency-Key': ['is required'] } });
  return context.idempotencyKey;
}

@Injectable()
export class DisputesHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly disputes: DisputeService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(ListDisputes, (request, context) =>
      this.disputes.list(callerOf(context), { status: request.status, page: request.page, perPage: request.per_page }),
    );
    this.rpc.handle(OperatorListDisputes, (request) =>
      this.disputes.listForOperator({ status: request.status, page: request.page, perPage: request.per_page, environment: request.environment }),
    );
    this.rpc.handle(GetDispute, (request, context) => this.disputes.get(callerOf(context), request.id));
    this.rpc.handle(SubmitEvidence, (request, context) =>
      this.disputes.submitEvidence(callerOf(context), request.id, request.body.note, request.fingerprint, keyOf(context), request.request_digest),
    );
    this.rpc.handle(CreateSandboxDispute, (request, context) =>
      this.disputes.createSandbox(callerOf(context), request.body, request.fingerprint, keyOf(context), request.request_digest),
    );
    this.rpc.handle(IdempotencyKeyUseQueries.disputes, async (request, context) => ({ uses: await this.disputes.keyUses(callerOf(context), request.key) }));
    this.rpc.handle(RecordDispute, (request) => this.disputes.record(request));
    this.rpc.handle(AdvanceDispute, (request) => this.disputes.advance(request.id, request));
  }
}
