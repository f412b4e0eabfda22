import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompletePaymentThreeDs, GetPaymentPage, PayOnPaymentPage, type PaymentPage } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { paymentPageCardSealContext } from '@platform/service-kit';
import { attemptMessage, cardFormPage } from '../pages/card-form.page';
import { PageActions, type ThreeDsAnswer } from '../pages/page-actions';
import { paymentResultPage } from '../pages/payment-result.page';
import { sendBankPage, sendPage, sendRedirect } from '../pages/respond';
import { bankPendingPage, threeDsPage } from '../pages/three-ds.page';

/**
 * The v3 payment page at `payment_url`: card form, sandbox 3-D Secure screen and result,
 * without JavaScript and never in a frame. Every POST answers with a redirect to the page
 * itself (post/redirect/get), so reloading never submits a card twice.
 */
@Controller('pay')
export class PaymentPageController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly page: PageActions,
  ) {}

  @Get(':token')
  show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.page.showFor(token, reply, async () => this.render(reply, request, token, await this.view(token, request)));
  }

  @Post(':token')
  async pay(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const card = await this.page.acceptCard(token, body, request, reply, paymentPageCardSealContext(token));
    if (!card) return;
    return this.page.answer(reply, async () => {
      if (!card.sealed) return this.render(reply, request, token, await this.view(token, request), 'form_invalid');
      const outcome = await this.rpc.request(PayOnPaymentPage, { token, card: { sealed: card.sealed } }, { correlationId: request.correlationId });
      if (outcome.form_error) return this.render(reply, request, token, outcome.page, outcome.form_error);
      return sendRedirect(reply, `/pay/${token}`);
    });
  }

  @Post(':token/3ds')
  async threeDs(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = this.page.acceptThreeDsAnswer('test_screen', token, body, request, reply);
    if (answer) await this.completeThreeDs(token, answer, request, reply);
  }

  /** Where a live bank sends the customer back after 3-D Secure. */
  @Post(':token/3ds/bank-return')
  async bankReturn(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = this.page.acceptThreeDsAnswer('bank_return', token, body, request, reply);
    if (answer) await this.completeThreeDs(token, answer, request, reply);
  }

  private view(token: string, request: FastifyRequest): Promise<PaymentPage> {
    return this.rpc.request(GetPaymentPage, { token }, { correlationId: request.correlationId });
  }

  private completeThreeDs(token: string, input: ThreeDsAnswer, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.page.answer(reply, async () => {
      await this.rpc.request(CompletePaymentThreeDs, { token, ...input }, { correlationId: request.correlationId });
      return sendRedirect(reply, `/pay/${token}`);
    });
  }

  /** The stage the payment is at; a form error is answered 422 on the form itself. */
  private render(reply: FastifyReply, request: FastifyRequest, token: string, view: PaymentPage, formError: string | null = null): void {
    const { payment } = view;
    if (view.stage === 'result') return sendPage(reply, payment.status === 'expired' ? 410 : 200, paymentResultPage(view));
    if (view.stage === 'three_ds' && view.bank_page) return sendBankPage(reply, view.bank_page);
    if (view.stage === 'bank_pending') return sendPage(reply, 200, bankPendingPage(view.merchant_name));
    const common = {
      merchantName: view.merchant_name,
      reference: `Ödeme kodu ${payment.payment_code}`,
      amount: payment.amount,
      currency: payment.currency,
      csrf: this.page.csrfField(request, reply, token),
    };
    if (view.stage === 'three_ds') {
      return sendPage(reply, 200, threeDsPage({ ...common, lastFour: view.three_ds_card_last_four ?? '', action: `/pay/${token}/3ds` }));
    }
    const failure = payment.failure;
    const notice = formError
      ? attemptMessage(formError)
      : failure
        ? `${attemptMessage(failure.reason_code ?? 'payment_declined')} (Başarısız deneme: ${failure.attempt_count})`
        : null;
    const leave = view.return_url ? { href: view.return_url, label: `Ödemeden vazgeç ve ${view.merchant_name} sitesine dön` } : null;
    sendPage(reply, formError ? 422 : 200, cardFormPage({ ...common, action: `/pay/${token}`, notice, leave }));
  }
}
