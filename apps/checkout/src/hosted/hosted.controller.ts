import { Body, Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompleteThreeDs, GetCustomerOrder, HostedAttempt } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import { sealSecret } from '@platform/signing';
import { CONFIG, LOGGER, cardDataKey, hostedCardSealContext } from '@platform/service-kit';
import type { Config } from '../config';
import { readCardForm } from '../pages/card-form';
import { hostedPage } from '../pages/hosted.page';
import { PAGE_TOKEN, sendBankPage, sendFailurePage, sendPage, sendRedirect, sendTooManyAttempts, setCsrfCookie } from '../pages/respond';
import { CardAttemptLimit } from '../card-attempts/card-attempt-limit';
import { notFoundPage, orderResultPage } from '../pages/three-ds.page';
import { CSRF_COOKIE, CsrfTokens, readCookie } from '../three-ds/csrf';
import { acceptBankReturn, acceptForm } from '../pages/accept-form';

/** The Direct API hosted page: the customer types the card here, and it reaches orders-v4 only sealed. */
@Controller('v4/hosted')
export class HostedController {
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
      const view = await this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
      if (!view.order.hosted_url) return sendPage(reply, 200, orderResultPage(view.order));
      return this.form(reply, request, token, view.order, view.merchant_name, null, 200, view.frame_origins);
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
        const view = await this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
        return this.form(reply, request, token, view.order, view.merchant_name, 'form_invalid', 422, view.frame_origins);
      }
      const sealed = sealSecret(JSON.stringify(card), this.cardKey, hostedCardSealContext(token));
      const outcome = await this.rpc.request(HostedAttempt, { token, card: { sealed } }, { correlationId: request.correlationId });
      // A live card goes to its bank's 3-D Secure page first.
      if (outcome.at_bank) return sendRedirect(reply, `/v4/hosted/${token}/bank`);
      return this.afterAttempt(token, outcome, request, reply);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  @Get(':token/bank')
  async bank(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!PAGE_TOKEN.test(token)) return sendPage(reply, 404, notFoundPage());
    try {
      const view = await this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
      if (view.bank_page) return sendBankPage(reply, view.bank_page);
      return sendRedirect(reply, `/v4/hosted/${token}`);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  /** Where a live bank sends the customer back after 3-D Secure of a hosted-page card. */
  @Post(':token/bank-return')
  async bankReturn(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = acceptBankReturn(token, body, reply);
    if (!answer) return;
    try {
      const outcome = await this.rpc.request(CompleteThreeDs, { token, source: 'bank_return', answer }, { correlationId: request.correlationId });
      return this.afterAttempt(token, outcome, request, reply);
    } catch (error) {
      return sendFailurePage(reply, error, this.logger);
    }
  }

  /** Paid or failed: to the return address; a failed attempt: the form again with the reason; otherwise the order as it stands. */
  private async afterAttempt(
    token: string,
    outcome: { order: Parameters<typeof hostedPage>[0]['order']; return_url: string | null; attempt_failure: string | null },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (outcome.return_url) return sendRedirect(reply, outcome.return_url);
    if (outcome.order.hosted_url) {
      const view = await this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
      return this.form(reply, request, token, outcome.order, view.merchant_name, outcome.attempt_failure, outcome.attempt_failure ? 422 : 200, view.frame_origins);
    }
    return sendPage(reply, 200, orderResultPage(outcome.order));
  }

  private form(
    reply: FastifyReply,
    request: FastifyRequest,
    token: string,
    order: Parameters<typeof hostedPage>[0]['order'],
    merchantName: string,
    attemptFailure: string | null,
    status = 200,
    frameOrigins: string[] = [],
  ): void {
    const cookie = readCookie(request.headers.cookie, CSRF_COOKIE) ?? this.csrf.newCookieValue();
    setCsrfCookie(reply, request, cookie);
    sendPage(reply, status, hostedPage({ order, merchantName, csrf: this.csrf.fieldFor(cookie, token), action: `/v4/hosted/${token}`, attemptFailure }), frameOrigins);
  }
}
