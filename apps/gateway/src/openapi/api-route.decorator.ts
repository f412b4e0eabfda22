import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';
import type { OperatorCapability } from '@platform/contracts';

export type SecurityScheme = 'v4Signature' | 'v3Signature' | 'operatorToken' | 'none';

/** What the OpenAPI document says of a route; the schemas are the ones the route validates with. */
export interface ApiRouteDescription {
  summary: string;
  tag: 'Direct API v4' | 'Payments API v3' | 'Account Operations API v3' | 'Operator API';
  security: SecurityScheme;
  body?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  /** Success status → schema of the body (wrapped as the route answers it). */
  responses: Record<number, { description: string; schema?: z.ZodTypeAny; mediaType?: string }>;
  /** Error codes of the catalogue this route may answer with, beyond authentication. */
  errors?: string[];
  /** The route requires an Idempotency-Key header. */
  idempotencyKey?: true;
  /** Values the route accepts in X-CAV-Sandbox-Scenario (sandbox keys only); it echoes the applied one. */
  sandboxScenarios?: readonly string[];
  /**
   * Operator routes: the capability the caller's role must hold (admin-access/operator-roles.ts).
   * Without one, a read is open to every role and a change to admins only.
   */
  may?: OperatorCapability;
}

export const API_ROUTE = Symbol('API_ROUTE');

export const ApiRoute = (description: ApiRouteDescription) => SetMetadata(API_ROUTE, description);

/** An operator API route: its tag and the operator token are the same for every one. */
export const OperatorRoute = (description: Omit<ApiRouteDescription, 'tag' | 'security'>) =>
  ApiRoute({ tag: 'Operator API', security: 'operatorToken', ...description });
