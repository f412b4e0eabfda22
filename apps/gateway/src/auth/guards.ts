import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimits } from '../rate-limit/rate-limits';
import { RequestAuthenticator, type SigningScheme } from './request-authenticator';

/** Authenticates, then counts the request against its API key's limit. */
async function authenticateAndLimit(
  context: ExecutionContext,
  scheme: SigningScheme,
  authenticator: RequestAuthenticator,
  limits: RateLimits,
): Promise<boolean> {
  const http = context.switchToHttp();
  const request = http.getRequest<FastifyRequest>();
  request.caller = await authenticator.authenticate(request, scheme);
  await limits.enforce('key', request.caller.apiKey, http.getResponse<FastifyReply>());
  return true;
}

/** Direct API v4: X-CEK-* headers, environment and merchant code declared by the caller. */
@Injectable()
export class V4AuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly limits: RateLimits,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return authenticateAndLimit(context, 'v4', this.authenticator, this.limits);
  }
}

/** v3: X-CAV-* headers, the environment is the key's. */
@Injectable()
export class V3AuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: RequestAuthenticator,
    private readonly limits: RateLimits,
  ) {}

  canActivate(context: ExecutionContext): Promise<boolean> {
    return authenticateAndLimit(context, 'v3', this.authenticator, this.limits);
  }
}
