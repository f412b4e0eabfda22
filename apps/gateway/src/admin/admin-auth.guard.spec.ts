import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { Secret } from '@platform/service-kit';
import type { Config } from '../config';
import { AdminAuthGuard } from './admin-auth.guard';
import type { OperatorTokensService } from './operator-access/operator-tokens.service';

/** Who the operator API takes: the bootstrap ADMIN_TOKEN only where the deployment set one, named tokens always. */
describe('AdminAuthGuard', () => {
  const named = { actor: 'token:deploy-bot', role: 'finance' as const };
  const tokens = { authenticate: async (token: string) => (token === 'op_named-token' ? named : undefined) } as unknown as OperatorTokensService;
  const reflector = { get: () => undefined } as unknown as Reflector;
  const guardWith = (adminToken?: string) => new AdminAuthGuard({ ADMIN_TOKEN: adminToken ? new Secret(adminToken) : undefined } as Config, tokens, reflector);
  const routeHandler = () => undefined;
  const call = (guard: AdminAuthGuard, token: string) => {
    const request: Record<string, unknown> = { method: 'GET', headers: { authorization: `Bearer ${token}` } };
    const context = { switchToHttp: () => ({ getRequest: () => request }), getHandler: () => routeHandler } as unknown as ExecutionContext;
    return guard.canActivate(context).then(
      () => ({ actor: request.operator, role: request.operatorRole }),
      (error: { code?: string }) => error.code,
    );
  };

  it('takes the bootstrap token as the admin it names, and named tokens as their operator', async () => {
    const guard = guardWith('bootstrap-secret');
    expect(await call(guard, 'bootstrap-secret')).toEqual({ actor: 'admin-token', role: 'admin' });
    expect(await call(guard, 'op_named-token')).toEqual({ actor: 'token:deploy-bot', role: 'finance' });
    expect(await call(guard, 'bootstrap-secreT')).toBe('1000010');
  });

  it('takes named tokens only when the deployment runs without ADMIN_TOKEN: no default bootstrap token, not even an empty one', async () => {
    const guard = guardWith(undefined);
    expect(await call(guard, 'op_named-token')).toEqual({ actor: 'token:deploy-bot', role: 'finance' });
    for (const attempt of ['dev-admin-token', '', 'undefined']) expect(await call(guard, attempt)).toBe('1000010');
  });
});
