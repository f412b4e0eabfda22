import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, Errors } from '@platform/contracts';
import { AuthCaller, type AuthenticatedCaller } from '../auth/authenticated-caller';
import { V3AuthGuard } from '../auth/guards';
import { ApiRoute } from '../openapi/api-route.decorator';
import { SandboxWebhookHub } from './sandbox-webhook-hub';

const KEEP_ALIVE_MS = 15_000;

/**
 * Extension for `card-platform listen` (ADR 0032): a Server-Sent Events stream of the caller's
 * sandbox webhooks, each as its endpoint gets it (same body bytes, same signed headers), so a
 * developer's machine receives them without a public address. Changes no spec endpoint.
 */
@Controller('api/v3/sandbox')
@UseGuards(V3AuthGuard)
export class SandboxListenController {
  constructor(private readonly hub: SandboxWebhookHub) {}

  @Get('webhook-stream')
  @ApiRoute({
    summary:
      'Sandbox only (extension): a text/event-stream of every sandbox webhook of the caller, signed as delivered; an `event: ready` first, then `event: webhook` with {event_id, event_type, scheme, headers, body}',
    tag: 'Account Operations API v3',
    security: 'v3Signature',
    responses: {
      200: {
        description: 'Server-Sent Events until the client closes the stream',
        mediaType: 'text/event-stream',
        schema: z.string().describe('`event: ready` once, then `event: webhook` per sandbox webhook; `: keep-alive` comments every 15 s'),
      },
    },
    errors: [Errors.AuthCredentialsInvalid],
  })
  async stream(@AuthCaller() caller: AuthenticatedCaller, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (caller.environment !== 'sandbox') throw new ApiError(Errors.AuthCredentialsInvalid, 'The webhook stream is for sandbox keys only', {}, 403);
    const raw = reply.raw;
    const send = (event: string, data: unknown) => raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = await this.hub.subscribe(caller.merchantCode, {
      deliver: (copy) => send('webhook', { event_id: copy.event_id, event_type: copy.event_type, scheme: copy.scheme, headers: copy.headers, body: copy.body }),
      end: () => raw.end(),
    });
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-correlation-id': request.correlationId,
    });
    send('ready', { merchant_code: caller.merchantCode, environment: caller.environment });
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    raw.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
    });
  }
}
