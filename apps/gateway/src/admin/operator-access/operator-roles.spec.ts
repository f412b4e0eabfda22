import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { API_ROUTE, type ApiRouteDescription } from '../../openapi/api-route.decorator';
import { AdminAuditController } from '../admin-audit.controller';
import { AdminBinsController } from '../admin-bins.controller';
import { AdminDisputesController } from '../admin-disputes.controller';
import { AdminFxRatesController } from '../admin-fx-rates.controller';
import { AdminLedgerController } from '../admin-ledger.controller';
import { AdminMaintenanceController } from '../admin-maintenance.controller';
import { AdminMerchantUsersController } from '../admin-merchant-users.controller';
import { AdminMerchantsController } from '../admin-merchants.controller';
import { AdminOperatorTokensController } from '../admin-operator-tokens.controller';
import { AdminOrdersController } from '../admin-orders.controller';
import { AdminReversalsController } from '../admin-reversals.controller';
import { AdminWithdrawalsController } from '../admin-withdrawals.controller';
import { OPERATOR_ROLES, roleMay } from '@platform/contracts';

const CONTROLLERS = [
  AdminAuditController,
  AdminBinsController,
  AdminDisputesController,
  AdminFxRatesController,
  AdminLedgerController,
  AdminMaintenanceController,
  AdminMerchantUsersController,
  AdminMerchantsController,
  AdminOperatorTokensController,
  AdminOrdersController,
  AdminReversalsController,
  AdminWithdrawalsController,
];

/** Every operator route: its method, path and what it declares. */
function operatorRoutes(): Array<{ route: string; method: RequestMethod; may?: string }> {
  return CONTROLLERS.flatMap((controller) => {
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
    return Object.getOwnPropertyNames(controller.prototype)
      .map((name) => (controller.prototype as unknown as Record<string, unknown>)[name] as object)
      .filter((handler) => typeof handler === 'function' && Reflect.getMetadata(API_ROUTE, handler) !== undefined)
      .map((handler) => ({
        route: `${base}/${Reflect.getMetadata(PATH_METADATA, handler) as string}`,
        method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod,
        may: (Reflect.getMetadata(API_ROUTE, handler) as ApiRouteDescription).may,
      }));
  });
}

describe('operator roles', () => {
  it('names the capability of every operator route that changes something, so the matrix is written down, not implied', () => {
    const changes = operatorRoutes().filter((route) => route.method !== RequestMethod.GET);
    expect(changes.length).toBeGreaterThan(25);
    expect(changes.filter((route) => !route.may).map((route) => route.route)).toEqual([]);
  });

  it('gives viewers no change, support disputes and invitations, finance the money, admins everything', () => {
    const routes = operatorRoutes().filter((route) => route.may);
    const allowed = (role: (typeof OPERATOR_ROLES)[number]) => routes.filter((route) => roleMay(role, route.may as never)).map((route) => route.route);
    expect(allowed('viewer')).toEqual([]);
    expect(allowed('support').every((route) => /disputes|users/.test(route))).toBe(true);
    expect(allowed('support')).not.toContain('admin/v1/disputes/:id/resolve');
    expect(allowed('finance')).toEqual(
      expect.arrayContaining(['admin/v1/reversals/:id/approve', 'admin/v1/withdrawals/:id/send', 'admin/v1/disputes/:id/resolve']),
    );
    expect(
      allowed('finance').some((route) => route.startsWith('admin/v1/merchants/:merchantCode/api-keys') || route.startsWith('admin/v1/operator-tokens')),
    ).toBe(false);
    expect(allowed('admin')).toHaveLength(routes.length);
  });
});
