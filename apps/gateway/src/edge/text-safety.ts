import { Injectable, SetMetadata, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import type { FastifyRequest } from 'fastify';
import { ApiError, UNSAFE_TEXT_MESSAGE, unsafeTextFields, Errors } from '@platform/contracts';

/**
 * No body field, query parameter or path parameter may carry NUL or other control characters or
 * unpaired surrogates. They are refused with 422 1000001 naming the fields, where they used to
 * reach the database and come back as 500, which the spec tells a Direct API client to repeat
 * unchanged, for ever.
 */
export function assertSafeText(request: FastifyRequest, ownRules: readonly string[] = []): void {
  const body = unsafeTextFields(request.body).filter((field) => !ownRules.includes(field));
  const fields = [...body, ...unsafeTextFields(request.query), ...unsafeTextFields(request.params)];
  if (fields.length > 0) {
    throw new ApiError(Errors.RequestSchemaInvalid, 'Text fields must not contain control characters or unpaired surrogates', {
      errors: Object.fromEntries(fields.map((field) => [field, [UNSAFE_TEXT_MESSAGE]])),
    });
  }
}

const OWN_TEXT_RULES = 'platform:own-text-rules';

/**
 * Body fields whose invalid values the spec answers with a code of their own (`return_url`:
 * 9000038, control characters named), refused by the service's rules for the field; the text
 * check leaves them to those rules.
 */
export const OwnTextRules = (...fields: string[]) => SetMetadata(OWN_TEXT_RULES, fields);

const ownRulesOfHandler = new WeakMap<object, readonly string[]>();

function ownTextRules(handler: object): readonly string[] {
  let fields = ownRulesOfHandler.get(handler);
  if (!fields) {
    fields = (Reflect.getMetadata(OWN_TEXT_RULES, handler) as string[] | undefined) ?? [];
    ownRulesOfHandler.set(handler, fields);
  }
  return fields;
}

/**
 * A guard that authenticates the caller (and may count or authorise the request), then checks the
 * request's text itself: an unauthenticated caller gets 401 before any 422. A guard, not an
 * interceptor: a route without interceptors is answered without an rxjs pipeline (issue 17).
 */
export abstract class AuthenticatingGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    await this.authenticate(request, context);
    assertSafeText(request, ownTextRules(context.getHandler()));
    return true;
  }

  protected abstract authenticate(request: FastifyRequest, context: ExecutionContext): Promise<void>;
}

/**
 * The check on the routes no AuthenticatingGuard covers (the documentation, the public service
 * status). Global guards run before a controller's, so it leaves authenticated routes to theirs.
 */
@Injectable()
export class TextSafetyGuard implements CanActivate {
  private readonly authenticated = new WeakMap<object, boolean>();

  canActivate(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let authenticated = this.authenticated.get(handler);
    if (authenticated === undefined) {
      authenticated = [context.getClass(), handler].some((target) => guardsOf(target).some(isAuthenticating));
      this.authenticated.set(handler, authenticated);
    }
    if (!authenticated) assertSafeText(context.switchToHttp().getRequest<FastifyRequest>());
    return true;
  }
}

function guardsOf(target: object): unknown[] {
  return (Reflect.getMetadata(GUARDS_METADATA, target) as unknown[] | undefined) ?? [];
}

function isAuthenticating(guard: unknown): boolean {
  return typeof guard === 'function' ? guard.prototype instanceof AuthenticatingGuard : guard instanceof AuthenticatingGuard;
}
