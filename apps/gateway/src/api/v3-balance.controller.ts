import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BalanceSchema, GetBalance, GetWithdrawableBalance, WithdrawableBalanceSchema } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';

/** The merchant's balances, from the ledger, in the environment of the signing key. */
@Controller('api/v3/balance')
@UseGuards(V3AuthGuard)
export class V3BalanceController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiRoute({
    summary: 'Available and pending-settlement balance (a sandbox key reads the virtual API wallet)',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The balance in the base currency of the account', schema: BalanceSchema } },
  })
  balance(@AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(GetBalance, {}, { caller, correlationId: request.correlationId });
  }

  @Get('withdrawable')
  @ApiRoute({
    summary: 'Withdrawable balance; can_withdraw is false while any wallet part is negative',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: { 200: { description: 'The withdrawable balance', schema: WithdrawableBalanceSchema } },
  })
  withdrawable(@AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest) {
    return this.rpc.request(GetWithdrawableBalance, {}, { caller, correlationId: request.correlationId });
  }
}
