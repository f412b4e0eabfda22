import { Injectable, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatingGuard } from '../edge/text-safety';
import { RateLimits } from '../rate-limit/rate-limits';
import { RequestAuthenticator, type SigningScheme } from './request-authenticator';

/** Authenticates a signed request, then counts it against its API key's limit. */
@Injectable()
abstract class SignedRequestGuard extends AuthenticatingGuard {
  protected abstract readonly scheme: SigningScheme;

  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly limits: RateLimits,
  ) {
    super();
  }

  protected async authenticate(request: FastifyRequest, context: ExecutionContext): Promise<void> {
    request.caller = await this.authenticator.authenticate(request, this.scheme);
    await this.limits.enforce('key', request.caller.apiKey, context.switchToHttp().getResponse<FastifyReply>());
  }
}

/** Direct API v4: X-CEK-* headers, environment and merchant code declared by the caller. */
@Injectable()
export class V4AuthGuard extends SignedRequestGuard {
  protected readonly scheme = 'v4';
}

/** v3: X-CAV-* headers, the environment is the key's. */
@Injectable()
export class V3AuthGuard extends SignedRequestGuard {
  protected readonly scheme = 'v3';
}
