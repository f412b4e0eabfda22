import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '@platform/contracts';

export interface AuthenticatedCaller extends Caller {
  apiKey: string;
  accountNumber: string;
  keyVersion: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: AuthenticatedCaller;
  }
}

/** The merchant and environment a guard proved the request comes from. */
export const AuthCaller = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedCaller => {
  const caller = context.switchToHttp().getRequest<FastifyRequest>().caller;
  if (!caller) throw new Error('route reads the caller but has no authentication guard');
  return caller;
});
