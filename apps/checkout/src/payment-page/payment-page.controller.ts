import { Body, Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompletePaymentThreeDs, GetPaymentPage, PayOnPaymentPage, type PaymentPage } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import { sealSecret } from '@platform/signing';
import { CONFIG, LOGGER, cardDataKey, paymentPageCardSealContext } from '@platform/service-kit';
import type { Config } from '../config';
import { attemptMessage, cardFormPage } from '../pages/card-form.page';
import { paymentResultPage } from '../pages/payment-result.page';
import { PAGE_TOKEN, sendBankPage, sendFailurePage, sendPage, sendRedirect, sendTooManyAttempts, setCsrfCookie } from '../pages/respond';
import { CardAttemptLimit } from '../card-attempts/card-attempt-limit';
import { bankPendingPage, forbiddenPage, notFoundPage, threeDsPage } from '../pages/three-ds.page';
import { readCardForm } from '../pages/card-form';
import { CSRF_COOKIE, CsrfTokens, readCookie } from '../three-ds/csrf';
import { acceptBankReturn, acceptForm } from '../pages/accept-form';

const CHOICES = new Set(['success', 'failure', 'timeout']);

/**
 * The v3 payment page at `payment_url`: card form, sandbox 3-D Secure screen and result,
 * without JavaScript and never in a frame. Every POST answers with a redirect to the page
 * itself (post/redirect/get), so reloading never submits a card twice.
 */
@Controller('pay')
export class PaymentPageController {
  private readonly cardKey: Buffer;

  constructor(
    private readonly rpc: RpcClient,
    private readonly csrf: CsrfTokens,
    private readonly attemptLimit: CardAttemptLimit,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) config: Config,
  ) {
    this.cardKey = cardDataKey(config);
  }

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!PAGE_TOKEN.test(token)) return sendPage(reply, 404, notFoundPage());
    try {
      const view = await this.rpc.request(GetPaymentPage, { token }, { correlationId: request.correlationId });
      return this.render(reply, request, token, view);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  @Post(':token')
  async pay(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = acceptForm(token, body, request, reply, this.csrf);
    if (!form) return;
    const wait = await this.attemptLimit.take(request);
    if (wait !== null) return sendTooManyAttempts(reply, wait);
    try {
      const card = readCardForm(form);
      if (!card) {
        const view = await this.rpc.request(GetPaymentPage, { token }, { correlationId: request.correlationId });
        return this.render(reply, request, token, view, 'form_invalid');
      }
      const sealed = sealSecret(JSON.stringify(card), this.cardKey, paymentPageCardSealContext(token));
      const outcome = await this.rpc.request(PayOnPaymentPage, { token, card: { sealed } }, { correlationId: request.correlationId });
      if (outcome.form_error) return this.render(reply, request, token, outcome.page, outcome.form_error);
      return sendRedirect(reply, `/pay/${token}`);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  @Post(':token/3ds')
  async threeDs(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = acceptForm(token, body, request, reply, this.csrf);
    if (!form) return;
    if (typeof form.result !== 'string' || !CHOICES.has(form.result)) return sendPage(reply, 422, forbiddenPage());
    return this.completeThreeDs(token, { source: 'test_screen', answer: { result: form.result } }, request, reply);
  }

  /** Where a live bank sends the customer back after 3-D Secure. */
  @Post(':token/3ds/bank-return')
  bankReturn(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = acceptBankReturn(token, body, reply);
    if (!answer) return Promise.resolve();
    return this.completeThreeDs(token, { source: 'bank_return', answer }, request, reply);
  }

  private async completeThreeDs(token: string, input: { source: 'test_screen' | 'bank_return'; answer: Record<string, string> }, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      await this.rpc.request(CompletePaymentThreeDs, { token, ...input }, { correlationId: request.correlationId });
      return sendRedirect(reply, `/pay/${token}`);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  /** The stage the payment is at; a form error is answered 422 on the form itself. */
  private render(reply: FastifyReply, request: FastifyRequest, token: string, view: PaymentPage, formError: string | null = null): void {
    const { payment } = view;
    if (view.stage === 'result') return sendPage(reply, payment.status === 'expired' ? 410 : 200, paymentResultPage(view));
    if (view.stage === 'three_ds' && view.bank_page) return sendBankPage(reply, view.bank_page);
    if (view.stage === 'bank_pending') return sendPage(reply, 200, bankPendingPage(view.merchant_name));
    const cookie = readCookie(request.headers.cookie, CSRF_COOKIE) ?? this.csrf.newCookieValue();
    setCsrfCookie(reply, request, cookie);
    const common = {
      merchantName: view.merchant_name,
      reference: `Ödeme kodu ${payment.code}`,
      amount: payment.amount,
      currency: payment.currency_code,
      csrf: this.csrf.fieldFor(cookie, token),
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

