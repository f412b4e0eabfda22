import { timingSafeEqual, createHash } from 'node:crypto';
import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiError, Errors } from '@platform/contracts';
import { BOOTSTRAP_OPERATOR, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { AuthenticatingGuard } from '../edge/text-safety';
import { API_ROUTE, type ApiRouteDescription } from '../openapi/api-route.decorator';
import { roleMay, type OperatorRole } from '@platform/contracts';
import { OperatorTokensService, type OperatorPrincipal } from './operator-access/operator-tokens.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated operator: the audit log's actor. */
    operator?: string;
    operatorRole?: OperatorRole;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The bootstrap ADMIN_TOKEN: an admin, named as such in the audit log, to issue the first named tokens. */
const BOOTSTRAP: OperatorPrincipal = { actor: BOOTSTRAP_OPERATOR, role: 'admin' };

/**
 * `Authorization: Bearer <token>`: the bootstrap ADMIN_TOKEN or an operator token issued by an
 * admin. The token decides who the operator is (X-Operator-Id is no longer believed) and what
 * their role may do (the route's `may`; a change without one is for admins only).
 */
@Injectable()
export class AdminAuthGuard extends AuthenticatingGuard {
  /** The bootstrap token's digest; none when the deployment runs without ADMIN_TOKEN. */
  private readonly expected?: Buffer;

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly tokens: OperatorTokensService,
    private readonly reflector: Reflector,
  ) {
    super();
    this.expected = config.ADMIN_TOKEN ? digest(config.ADMIN_TOKEN.reveal()) : undefined;
  }

  protected async authenticate(request: FastifyRequest, context: ExecutionContext): Promise<void> {
    const authorization = request.headers.authorization ?? '';
    const token = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    const bootstrap = this.expected !== undefined && timingSafeEqual(digest(token), this.expected);
    const principal = !token ? undefined : bootstrap ? BOOTSTRAP : await this.tokens.authenticate(token);
    if (!principal) throw new ApiError(Errors.OperatorTokenInvalid);
    request.operator = principal.actor;
    request.operatorRole = principal.role;
    const route = this.reflector.get<ApiRouteDescription | undefined>(API_ROUTE, context.getHandler());
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const allowed = route?.may ? roleMay(principal.role, route.may) : reads || principal.role === 'admin';
    if (!allowed) throw new ApiError(Errors.OperatorRoleForbidden, `The role ${principal.role} may not ${reads ? 'read this' : 'do this'}`);
  }
}
