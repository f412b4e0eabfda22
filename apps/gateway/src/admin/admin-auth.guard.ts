import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from '@platform/contracts';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    operator?: string;
  }
}

const OPERATOR_ID = /^[A-Za-z0-9._@-]{1,64}$/;

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** `Authorization: Bearer <ADMIN_TOKEN>`; the operator may name themself in X-Operator-Id for the audit log. */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(CONFIG) config: Config) {
    this.expected = digest(config.ADMIN_TOKEN.reveal());
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!token || !timingSafeEqual(digest(token), this.expected)) throw new ApiError(Errors.OperatorTokenInvalid);
    const named = request.headers['x-operator-id'];
    request.operator = typeof named === 'string' && OPERATOR_ID.test(named) ? named : 'operator';
    return true;
  }
}
