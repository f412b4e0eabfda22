import { Injectable, type OnModuleInit } from '@nestjs/common';
import { CompletePaymentThreeDs, GetPaymentPage, PayOnPaymentPage } from '@platform/contracts';
import { RpcServer } from '@platform/messaging';
import { PaymentPageService } from './payment-page.service';

/** Commands from checkout: no merchant caller, the page token is the credential. */
@Injectable()
export class PaymentPageHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly pages: PaymentPageService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(GetPaymentPage, (request) => this.pages.view(request.token));
    this.rpc.handle(PayOnPaymentPage, (request) => this.pages.pay(request.token, request.card.sealed));
    this.rpc.handle(CompletePaymentThreeDs, (request) => this.pages.completeThreeDs(request.token, { source: request.source, answer: request.answer }));
  }
}
