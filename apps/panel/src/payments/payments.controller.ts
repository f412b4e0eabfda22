import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, CreatePaymentBodySchema, Errors, isIdempotencyKey, MerchantOrderIdSchema, PAYMENT_CODE } from '@platform/contracts';
import { LOGGER } from '@platform/service-kit';
import type { Logger } from '@platform/observability';
import type { SignedIn } from '../auth/auth.service';
import { mayChange, PanelGate } from '../auth/panel-gate';
import { errorText, t } from '../i18n/messages';
import { MerchantConsole } from '../merchant/merchant-console';
import { formFieldErrors, type Chrome, type Notice } from '../pages/html';
import { formOf, redirect, sendHtml } from '@platform/web-auth';
import { OrderListQuerySchema, PaymentListQuerySchema, listFilters, listFormOf, parseOrReject } from './list-query';
import { PaymentsConsole } from './payments-console';
import { orderDetailPage, ordersListPage, paymentDetailPage, paymentsListPage, sandboxPage, type SandboxForm } from './payments.pages';
import { answerSignedIn, chromeOf } from '../pages/signed-in-page';

/** The merchant's payments and orders (lists and details) and the sandbox page, for the environment the session looks at. */
@Controller()
export class PaymentsController {
  constructor(
    private readonly gate: PanelGate,
    private readonly console: MerchantConsole,
    private readonly payments: PaymentsConsole,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get('payments')
  async paymentsList(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    const form = listFormOf(query);
    await this.answer(current, reply, async () => {
      const chrome = await this.chrome(current, request, '/payments');
      try {
        const filters = parseOrReject(PaymentListQuerySchema, query);
        const page = await this.payments.payments(current, { ...listFilters(filters), status: filters.status ?? null }, request.correlationId);
        sendHtml(reply, 200, paymentsListPage(chrome, form, page, {}));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || error.code !== Errors.RequestSchemaInvalid) throw error;
        sendHtml(reply, 422, paymentsListPage(chrome, form, undefined, formFieldErrors(error.extras.errors), this.refusal(current, error)));
      }
    });
  }

  @Get('payments/:code')
  async paymentDetail(@Param('code') code: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!PAYMENT_CODE.test(code)) throw new ApiError(Errors.ResourceNotFound);
      const [chrome, payment] = await Promise.all([this.chrome(current, request, '/payments'), this.payments.payment(current, code, request.correlationId)]);
      sendHtml(reply, 200, paymentDetailPage(chrome, payment));
    });
  }

  @Get('orders')
  async ordersList(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    const form = listFormOf(query);
    await this.answer(current, reply, async () => {
      const chrome = await this.chrome(current, request, '/orders');
      try {
        const filters = parseOrReject(OrderListQuerySchema, query);
        const page = await this.payments.orders(current, { ...listFilters(filters), status: filters.status ?? null }, request.correlationId);
        sendHtml(reply, 200, ordersListPage(chrome, form, page, {}));
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500 || error.code !== Errors.RequestSchemaInvalid) throw error;
        sendHtml(reply, 422, ordersListPage(chrome, form, undefined, formFieldErrors(error.extras.errors), this.refusal(current, error)));
      }
    });
  }

  @Get('orders/:merchantOrderId')
  async orderDetail(@Param('merchantOrderId') merchantOrderId: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    await this.answer(current, reply, async () => {
      if (!MerchantOrderIdSchema.safeParse(merchantOrderId).success) throw new ApiError(Errors.OrderNotFound);
      const [chrome, order] = await Promise.all([
        this.chrome(current, request, '/orders'),
        this.payments.order(current, merchantOrderId, request.correlationId),
      ]);
      sendHtml(reply, 200, orderDetailPage(chrome, order));
    });
  }

  @Get('sandbox')
  async sandbox(@Query() query: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const current = await this.gate.signedIn(request, reply);
    if (!current) return;
    const code = (query as Record<string, unknown> | undefined)?.payment;
    await this.answer(current, reply, async () => {
      const chrome = await this.chrome(current, request, '/sandbox');
      const form = this.emptyForm();
      if (current.session.environment !== 'sandbox' || typeof code !== 'string' || !PAYMENT_CODE.test(code))
        return sendHtml(reply, 200, sandboxPage(chrome, mayChange(current.user.role, 'integration'), form));
      const [payment, deliveries] = await Promise.all([
        this.payments.payment(current, code, request.correlationId),
        this.payments.deliveriesOf(current, code, request.correlationId),
      ]);
      sendHtml(reply, 200, sandboxPage(chrome, mayChange(current.user.role, 'integration'), form, { payment, deliveries }));
    });
  }

  /** A test payment, exactly as POST /api/v3/payments would create it; owners and developers only, sandbox only. */
  @Post('sandbox')
  async createTestPayment(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const form = formOf(body);
    const current = await this.gate.signedInForm(request, reply, form);
    if (!current) return;
    const l = current.user.language;
    if (!mayChange(current.user.role, 'integration') || current.session.environment !== 'sandbox') {
      const why = current.session.environment !== 'sandbox' ? t(l, 'sandbox.onlySandbox') : t(l, 'forbidden', { role: t(l, `role.${current.user.role}`) });
      return this.gate.forbid(current, request, reply, {
        page: '/sandbox',
        text: why,
        back: t(l, 'sandbox.title'),
        details: { environment: current.session.environment },
      });
    }
    const entered: SandboxForm = {
      amount: (form.amount ?? '').trim(),
      currency_code: form.currency_code ?? '',
      merchant_reference: (form.merchant_reference ?? '').trim(),
      idempotency_key: isIdempotencyKey(form.idempotency_key) ? form.idempotency_key : randomUUID(),
    };
    await this.answer(current, reply, async () => {
      const chrome = await this.chrome(current, request, '/sandbox');
      try {
        const payment = parseOrReject(CreatePaymentBodySchema, {
          amount: entered.amount,
          currency_code: entered.currency_code,
          ...(entered.merchant_reference ? { merchant_reference: entered.merchant_reference } : {}),
        });
        const result = await this.payments.createPayment(current, payment, entered.idempotency_key, request.correlationId);
        redirect(reply, `/sandbox?payment=${encodeURIComponent(result.payment.payment_code)}`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        // A refused request keeps no key: the same key may carry the corrected form.
        sendHtml(reply, error.status, sandboxPage(chrome, true, entered, undefined, formFieldErrors(error.extras.errors), this.refusal(current, error)));
      }
    });
  }

  private emptyForm(): SandboxForm {
    return { amount: '', currency_code: 'TRY', merchant_reference: '', idempotency_key: randomUUID() };
  }

  private refusal(current: SignedIn, error: ApiError): Notice {
    return { kind: 'error', text: `${errorText(current.user.language, error.code, error.message)} (${error.code})` };
  }

  private answer(current: SignedIn, reply: FastifyReply, work: () => Promise<void>): Promise<void> {
    return answerSignedIn(current, reply, this.logger, work);
  }

  private async chrome(current: SignedIn, request: FastifyRequest, path: string): Promise<Chrome> {
    return chromeOf(current, (await this.console.environment(current, request.correlationId)).merchant.name, path);
  }
}
