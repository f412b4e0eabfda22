import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CompleteThreeDs, GetCustomerOrder } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { orderResultPage, threeDsPage } from '../pages/three-ds.page';
import { PageActions, type ThreeDsAnswer } from '../pages/page-actions';
import { sendBankPage, sendPage, sendRedirect } from '../pages/respond';

/** 3-D Secure of a Direct API order: the sandbox test screen (ARCHITECTURE.md), or a live bank's page and its return. */
@Controller('v4/3ds')
export class ThreeDsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly page: PageActions,
  ) {}

  @Get(':token')
  show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.page.showFor(token, reply, async () => {
      const view = await this.rpc.request(GetCustomerOrder, { token }, { correlationId: request.correlationId });
      if (!view.three_ds_open) return sendPage(reply, 200, orderResultPage(view.order));
      if (view.bank_page) return sendBankPage(reply, view.bank_page);
      return sendPage(
        reply,
        200,
        threeDsPage({
          merchantName: view.merchant_name,
          reference: `Sipariş ${view.order.order_code}`,
          amount: view.order.amount,
          currency: view.order.currency,
          lastFour: view.order.card?.last_four ?? '',
          csrf: this.page.csrfField(request, reply, token),
          action: `/v4/3ds/${token}`,
        }),
      );
    });
  }

  @Post(':token')
  async submit(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = this.page.acceptThreeDsAnswer('test_screen', token, body, request, reply);
    if (answer) await this.complete(token, answer, request, reply);
  }

  /** Where a live bank sends the customer back after 3-D Secure. */
  @Post(':token/bank-return')
  async bankReturn(@Param('token') token: string, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const answer = this.page.acceptThreeDsAnswer('bank_return', token, body, request, reply);
    if (answer) await this.complete(token, answer, request, reply);
  }

  private complete(token: string, input: ThreeDsAnswer, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    return this.page.answer(reply, async () => {
      const outcome = await this.rpc.request(CompleteThreeDs, { token, ...input }, { correlationId: request.correlationId });
      if (outcome.return_url) return sendRedirect(reply, outcome.return_url);
      return sendPage(reply, 200, orderResultPage(outcome.order));
    });
  }
}
