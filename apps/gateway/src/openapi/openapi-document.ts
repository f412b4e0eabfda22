import { OPERATOR_ROLES, roleMay, type OperatorCapability, type OperatorRole } from '@platform/contracts';
import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { z } from 'zod';
import { AUDIT_EVENTS, ERROR_CATALOGUE, RETRY_CLASSES, Errors } from '@platform/contracts';
import { API_ROUTE, type ApiRouteDescription } from './api-route.decorator';
import { HEADER_PARAMETERS, NAMED_SCHEMAS, RESPONSE_HEADERS, WEBHOOKS } from './openapi-components';
import { SCHEMA_EXAMPLES } from './openapi-examples';

type JsonObject = Record<string, unknown>;

export interface DocumentedRoute {
  method: string;
  path: string;
  description: ApiRouteDescription;
}

// zod-to-json-schema's generic signature is too deep for the compiler on large schemas.
const toJsonSchema = zodToJsonSchema as unknown as (schema: z.ZodTypeAny, options: object) => JsonObject;

const COMPONENTS = '#/components/schemas/';

/**
 * JSON Schema (the dialect of OpenAPI 3.1: `type: [..., "null"]`, never 3.0's `nullable`) of a
 * zod schema in which every named schema is a `$ref` to its component. zod-to-json-schema also
 * points repeated unnamed parts at their first occurrence; those pointers are resolved and
 * inlined, so every `$ref` left names a component. Only a strict zod object (a request that
 * refuses unknown fields) says `additionalProperties: false`; answers and webhook bodies say
 * nothing, because the spec lets them gain fields.
 */
export function jsonSchema(schema: z.ZodTypeAny, { inlineRoot = false } = {}): JsonObject {
  const definitions = inlineRoot ? Object.fromEntries(Object.entries(NAMED_SCHEMAS).filter(([, named]) => named !== schema)) : NAMED_SCHEMAS;
  const root = toJsonSchema(schema, {
    target: 'jsonSchema7',
    removeAdditionalStrategy: 'strict',
    $refStrategy: 'root',
    basePath: ['#', 'components'],
    definitionPath: 'schemas',
    definitions,
  });
  const { $schema: _ignored, schemas: _definitions, ...rest } = root;
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline);
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      if (ref.startsWith(COMPONENTS) && !ref.slice(COMPONENTS.length).includes('/')) return { $ref: ref };
      const target = ref
        .replace(/^#\/components\/?/, '')
        .split('/')
        .filter(Boolean)
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], root);
      return inline(target);
    }
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(key === 'additionalProperties' && value === true))
        .map(([key, value]) => [key, inline(value)]),
    );
  };
  return inline(rest) as JsonObject;
}

function joinPath(...parts: string[]): string {
  const joined = `/${parts
    .map((part) => part.replace(/^\/|\/$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const SECURITY_HEADERS: Record<ApiRouteDescription['security'], string[]> = {
  v4Signature: ['V4Environment', 'V4MerchantCode', 'V4Timestamp', 'V4Signature'],
  v3Signature: ['V3Timestamp', 'V3Signature'],
  operatorToken: [],
  none: [],
};

const AUTH_ERRORS: Record<ApiRouteDescription['security'], string[]> = {
  v4Signature: [Errors.AuthIpNotAllowed, Errors.AuthCredentialsInvalid, Errors.AuthHeadersMalformed, Errors.AuthSignatureInvalid, Errors.RateLimitExceeded],
  v3Signature: [Errors.AuthIpNotAllowed, Errors.AuthCredentialsInvalid, Errors.AuthHeadersMalformed, Errors.AuthSignatureInvalid, Errors.RateLimitExceeded],
  operatorToken: [Errors.OperatorTokenInvalid, Errors.OperatorRoleForbidden],
  none: [Errors.RateLimitExceeded],
};

export const PROBLEM_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'instance', 'code', 'correlation_id', 'metadata'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    instance: { type: 'string' },
    code: { type: 'string', enum: Object.keys(ERROR_CATALOGUE) },
    correlation_id: { type: 'string' },
    metadata: {
      type: 'object',
      description: 'Debugging information. Branch on code; retry_class says what to do next.',
      required: ['developer_detail', 'retry_class', 'audit_event'],
      properties: {
        developer_detail: { type: 'string', description: 'What exactly was wrong (header, field, expected value), in English; never a secret or card data.' },
        retry_class: {
          type: 'string',
          enum: Object.keys(RETRY_CLASSES),
          description: Object.entries(RETRY_CLASSES)
            .map(([name, meaning]) => `${name}: ${meaning}`)
            .join('\n'),
        },
        audit_event: {
          type: 'string',
          enum: AUDIT_EVENTS,
          description: 'Stable name of what happened; the same name labels the api_errors_total metric and the log line.',
        },
      },
    },
    errors: {
      type: 'object',
      description: 'On 422 schema errors: the messages of each field or header, by its name.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    amount_limit: {
      type: ['object', 'null'],
      description: 'Direct API v4 amount refusals: the bounds of the account, in TRY.',
      required: ['min', 'max'],
      properties: { min: { type: 'string' }, max: { type: 'string' } },
    },
    limits: {
      type: 'object',
      description: 'On 9000005: the payment limits of the account, in its base currency.',
      required: ['currency_code', 'min_amount', 'max_amount'],
      properties: { currency_code: { type: 'string' }, min_amount: { type: 'string' }, max_amount: { type: ['string', 'null'] } },
    },
  },
};

export type OpenApiAudience = 'merchant' | 'operator';

/** A controller class as Nest keeps it; only its metadata is read. */
export type ControllerClass = abstract new (...args: never[]) => unknown;

/** Every documented route of the given controller classes, read from their Nest metadata. */
export function documentedRoutes(controllers: readonly ControllerClass[]): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const controller of controllers) {
    const base = (Reflect.getMetadata(PATH_METADATA, controller) ?? '') as string;
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const description = Reflect.getMetadata(API_ROUTE, handler) as ApiRouteDescription | undefined;
      if (!description) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
      routes.push({ method, path: joinPath(base, (Reflect.getMetadata(PATH_METADATA, handler) ?? '') as string), description });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const INFO: Record<OpenApiAudience, JsonObject> = {
  merchant: {
    title: 'Card payment platform: merchant API',
    version: '3.0.0',
    description:
      'Payments API v3 (hosted payment page), Account Operations API v3 (balance, refunds, withdrawals, disputes, webhook deliveries) and the Direct Card API v4. Requests are signed with the API key and secret of an environment; errors are application/problem+json; `webhooks` lists every notification your endpoint receives.',
  },
  operator: {
    title: 'Card payment platform: operator API',
    version: '1.0.0',
    description: 'Operator actions (merchants, reversals, withdrawals, disputes, maintenance, BIN table, FX rates, ledger). Not exposed to merchants.',
  },
};

const SECURITY_SCHEMES: Record<OpenApiAudience, JsonObject> = {
  merchant: {
    v4Signature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-CEK-Api-Key',
      description: 'With X-CEK-Environment, X-CEK-Merchant-Code, X-CEK-Timestamp and X-CEK-Signature (HMAC-SHA256 of timestamp, method, path, body hash).',
    },
    v3Signature: {
      type: 'apiKey',
      in: 'header',
      name: 'X-CAV-Api-Key',
      description: 'With X-CAV-Timestamp and X-CAV-Signature (HMAC-SHA256 of timestamp, method, path with query, body hash).',
    },
  },
  operator: { operatorToken: { type: 'http', scheme: 'bearer' } },
};

const ref = (kind: 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Names of the components a document refers to, followed through the components themselves. */
function referencedSchemas(document: unknown, schemas: Record<string, JsonObject>): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)) {
        const name = value.slice(COMPONENTS.length);
        if (!found.has(name)) {
          found.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(document);
  return found;
}

/**
 * The OpenAPI 3.1 document of one audience, built from the routes' Nest metadata and the zod
 * schemas each route validates with: what is documented is what is enforced.
 */
export function buildOpenApiDocument(controllers: readonly ControllerClass[], audience: OpenApiAudience, serverUrl?: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of documentedRoutes(controllers)) {
    if ((route.description.tag === 'Operator API') !== (audience === 'operator')) continue;
    paths[route.path] ??= {};
    paths[route.path]![route.method] = operation(route);
  }
  const allSchemas: Record<string, JsonObject> = {
    Problem: { ...PROBLEM_SCHEMA, examples: SCHEMA_EXAMPLES.Problem },
    ...Object.fromEntries(
      Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [
        name,
        { ...jsonSchema(schema, { inlineRoot: true }), ...(SCHEMA_EXAMPLES[name] ? { examples: SCHEMA_EXAMPLES[name] } : {}) },
      ]),
    ),
  };
  const webhooks = audience === 'merchant' ? WEBHOOKS : undefined;
  const used = referencedSchemas({ paths, webhooks }, allSchemas);
  const document: JsonObject = {
    openapi: '3.1.0',
    info: INFO[audience],
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    paths,
    ...(webhooks ? { webhooks } : {}),
    components: {
      schemas: Object.fromEntries(Object.entries(allSchemas).filter(([name]) => used.has(name))),
      ...(audience === 'merchant' ? { parameters: HEADER_PARAMETERS } : {}),
      headers: RESPONSE_HEADERS,
      securitySchemes: SECURITY_SCHEMES[audience],
    },
  };
  return document;
}

function operation({ method, path, description }: DocumentedRoute): JsonObject {
  const parameters: JsonObject[] = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (description.query) {
    const query = jsonSchema(description.query) as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  for (const name of SECURITY_HEADERS[description.security]) parameters.push(ref('parameters', name));
  if (description.idempotencyKey) parameters.push(ref('parameters', 'IdempotencyKey'));
  if (description.sandboxScenarios) {
    parameters.push({
      name: 'X-CAV-Sandbox-Scenario',
      in: 'header',
      required: false,
      description: 'Sandbox keys only; not signed, but part of the Idempotency-Key fingerprint. A live key sending it, or another value, is 422 1000001.',
      schema: { type: 'string', enum: [...description.sandboxScenarios] },
    });
  }
  if (description.security !== 'operatorToken') parameters.push(ref('parameters', 'CorrelationId'));
  const signed = description.security === 'v3Signature' || description.security === 'v4Signature';
  const successHeaders = {
    'X-Correlation-Id': ref('headers', 'CorrelationId'),
    ...(signed ? { 'X-RateLimit-Limit': ref('headers', 'RateLimitLimit'), 'X-RateLimit-Remaining': ref('headers', 'RateLimitRemaining') } : {}),
    ...(description.sandboxScenarios ? { 'X-CAV-Sandbox-Scenario': ref('headers', 'SandboxScenario') } : {}),
  };
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(description.responses)) {
    responses[status] = {
      description: response.description,
      headers: successHeaders,
      ...(response.schema ? { content: { [response.mediaType ?? 'application/json']: { schema: jsonSchema(response.schema) } } } : {}),
    };
  }
  for (const code of [...AUTH_ERRORS[description.security], ...(description.errors ?? []), Errors.PlatformInternalError, Errors.PlatformUnavailable]) {
    const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
    const status = String(entry.status);
    const existing = responses[status] as { description: string } | undefined;
    responses[status] = {
      description: existing ? `${existing.description}; ${code} ${entry.en}` : `${code} ${entry.en}`,
      headers: { 'X-Correlation-Id': ref('headers', 'CorrelationId'), ...(status === '429' ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}) },
      content: { 'application/problem+json': { schema: { $ref: `${COMPONENTS}Problem` } } },
    };
  }
  const roles = description.security === 'operatorToken' ? operatorRolesFor(method, description.may) : undefined;
  return {
    summary: description.summary,
    ...(roles ? { description: `Operator roles allowed: ${roles.join(', ')}.`, 'x-operator-roles': roles } : {}),
    tags: [description.tag],
    operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(description.security === 'none' ? { security: [] } : { security: [{ [description.security]: [] }] }),
    parameters,
    ...(description.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(description.body) } } } } : {}),
    responses,
  };
}

/** The documents of the running gateway, built once from the controllers Nest registered. */
@Injectable()
export class OpenApiDocument {
  private readonly cached = new Map<OpenApiAudience, JsonObject>();

  constructor(private readonly discovery: DiscoveryService) {}

  document(audience: OpenApiAudience, serverUrl: string): JsonObject {
    let document = this.cached.get(audience);
    if (!document) {
      const controllers = this.discovery.getControllers().flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as ControllerClass] : []));
      document = buildOpenApiDocument(controllers, audience);
      this.cached.set(audience, document);
    }
    return { ...document, servers: [{ url: serverUrl }] };
  }
}

/** The roles that may call an operator route: every role reads, a change needs its capability (admins only without one). */
function operatorRolesFor(method: string, may: OperatorCapability | undefined): OperatorRole[] {
  if (may) return OPERATOR_ROLES.filter((role) => roleMay(role, may));
  return method === 'get' ? [...OPERATOR_ROLES] : ['admin'];
}
