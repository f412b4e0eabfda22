import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CompleteThreeDs,
  ConfirmOrderLate,
  CreateOrder,
  GetCustomerOrder,
  GetOrder,
  HostedAttempt,
  ListOrders,
  SetSandboxOrderResult,
} from '@platform/contracts';
import { CustomerFlowService } from './customer-flow.service';
import { RpcServer, callerOf } from '@platform/messaging';
import { OrderCreationService } from './order-creation.service';
import { OrderQueryService } from './order-query.service';
import { LateConfirmationService } from './late-confirmation.service';

@Injectable()
export class OrdersHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly creation: OrderCreationService,
    private readonly queries: OrderQueryService,
    private readonly customers: CustomerFlowService,
    private readonly lateConfirmations: LateConfirmationService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(CreateOrder, (request, context) => this.creation.create(callerOf(context), request));
    this.rpc.handle(GetOrder, (request, context) => this.queries.get(callerOf(context), request.merchant_order_id));
    this.rpc.handle(ListOrders, (request, context) => this.queries.list(callerOf(context), request));
    this.rpc.handle(GetCustomerOrder, (request) => this.customers.view(request.token));
    this.rpc.handle(CompleteThreeDs, (request) => this.customers.completeThreeDs(request.token, { source: request.source, answer: request.answer }));
    this.rpc.handle(HostedAttempt, (request) => this.customers.hostedAttempt(request.token, request.card.sealed));
    this.rpc.handle(ConfirmOrderLate, (request) => this.lateConfirmations.confirmPaid(request.order_code, request.operator));
    this.rpc.handle(SetSandboxOrderResult, (request, context) => this.queries.setSandboxResult(callerOf(context), request.merchant_order_id, request.result));
  }
}
