import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CommandContract } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { parseOrReject } from '@platform/service-kit';
import { operatorActor, type SignedIn } from '../auth/operator-auth.service';

/**
 * A change sent as the signed-in operator's: the command names the person, is checked against its
 * contract (a bad field is 422, named as the API names it), and the owning service applies four
 * eyes and writes the audit entry with the change (ADR 0039).
 */
@Injectable()
export class OperatorCommands {
  constructor(private readonly rpc: RpcClient) {}

  send<Req, Res>(current: SignedIn, request: FastifyRequest, contract: CommandContract<Req, Res>, fields: Record<string, unknown>): Promise<Res> {
    const command: Req = parseOrReject(contract.request, { ...fields, operator: operatorActor(current.operator) });
    return this.rpc.request(contract, command, { correlationId: request.correlationId });
  }
}
