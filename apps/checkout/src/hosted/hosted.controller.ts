import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompleteThreeDs, GetCustomerOrder, HostedAttempt } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { hostedCardSealContext } from '@platform/service-kit';
import { hostedPage } from '../pages/hosted.page';
import { PageActions } from '../pages/page-actions';
import { sendBankPage, sendPage, sendRedirect } from '../pages/respond';
import { orderResultPage } from '../pages/three-ds.page';
import { acceptBankReturn } from '../pages/accept-form';

type HostedOrder = Parameters<typeof hostedPage>[0]['order'];

/** The Direct API hosted page: the customer types the card here, and it reaches orders-v4 only sealed. */
@Controller('v4/hosted')
export class HostedController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly page: PageActions,
  ) {}

  @Get(':token')
  show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.page.showFor(token, reply, async () => {
      const view = await this.view(token, request);
      if (!view.order.hosted_url) return sendPage(reply, 200, orderResultPage(view.order));
      return this.form(reply, request, token, view.order, view.merchant_name, null, 200, view.frame_origins);
    });
  }

  @Post(':token')
  async pay(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The v4 hosted page is the one form a merchant may frame (ADR 0044).
    const card = await this.page.acceptCard(token, body, request, reply, hostedCardSealContext(token), true);
    if (!card) return;
    return this.page.answer(reply, async () => {
      if (!card.sealed) {
        const view = await this.view(token, request);
        return this.form(reply, request, token, view.order, view.merchant_name, 'form_invalid', 422, view.frame_origins);
      }
      const outcome = await this.rpc.request(HostedAttempt, { token, card: { sealed: card.sealed } }, { correlationId: request.correlationId });
      // A live card goes to its bank's 3-D Secure page first.
      if (outcome.at_bank) return sendRedirect(reply, `/v4/hosted/${token}/bank`);
      return this.afterAttempt(token, outcome, request, reply);
    });
  }

  @Get(':token/bank')
  bank(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.page.showFor(token, reply, async () => {
      const view = await this.view(token, request);
      if (view.bank_page) return sendBankPage(reply, view.bank_page);
      return sendRedirect(reply, `/v4/hosted/${token}`);
    });
  }

  /** Where a live bank sends the customer back after 3-D Secure of a hosted-page card. */
  @Post(':token/bank-return')
  async bankReturn(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = acceptBankReturn(token, body, reply);
    if (!answer) return;
    return this.page.answer(reply, async () => {
      const outcome = await this.rpc.request(CompleteThreeDs, { token, source: 'bank_return', answer }, { correlationId: request.correlationId });
      return this.afterAttempt(token, outcome, request, reply);
    });
  }

  private view(token: string, request: FastifyRequest) {
    return this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
  }

  /** Paid or failed: to the return address; a failed attempt: the form again with the reason; otherwise the order as it stands. */
  private async afterAttempt(
    token: string,
    outcome: { order: HostedOrder; return_url: string | null; attempt_failure: string | null },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (outcome.return_url) return sendRedirect(reply, outcome.return_url);
    if (outcome.order.hosted_url) {
      const view = await this.view(token, request);
      return this.form(
        reply,
        request,
        token,
        outcome.order,
        view.merchant_name,
        outcome.attempt_failure,
        outcome.attempt_failure ? 422 : 200,
        view.frame_origins,
      );
    }
    return sendPage(reply, 200, orderResultPage(outcome.order));
  }

  private form(
    reply: FastifyReply,
    request: FastifyRequest,
    token: string,
    order: HostedOrder,
    merchantName: string,
    attemptFailure: string | null,
    status = 200,
    frameOrigins: string[] = [],
  ): void {
    const framable = frameOrigins.length > 0;
    // Only a page the browser says it loads into a frame goes without the cookie (ADR 0044); a
    // browser that sends no Fetch Metadata, sent to the page in the whole window, keeps it.
    const inFrame = framable && request.headers['sec-fetch-dest'] === 'iframe';
    const csrf = this.page.csrfField(request, reply, token, inFrame);
    sendPage(reply, status, hostedPage({ order, merchantName, csrf, action: `/v4/hosted/${token}`, attemptFailure, framable }), frameOrigins);
  }
}
