import { Injectable } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { z } from 'zod';
import { AUDIT_EVENTS, ERROR_CATALOGUE, RETRY_CLASSES, Errors } from '@platform/contracts';
import { API_ROUTE, type ApiRouteDescription } from './api-route.decorator';

type JsonObject = Record<string, unknown>;

export interface DocumentedRoute {
  method: string;
  path: string;
  description: ApiRouteDescription;
}

// zod-to-json-schema's generic signature is too deep for the compiler on large schemas.
const toJsonSchema = zodToJsonSchema as unknown as (schema: z.ZodTypeAny, options: object) => JsonObject;

function jsonSchema(schema: z.ZodTypeAny): JsonObject {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none' });
  return rest;
}

function joinPath(...parts: string[]): string {
  const joined = `/${parts
    .map((part) => part.replace(/^\/|\/$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const AUTH_ERRORS: Record<ApiRouteDescription['security'], string[]> = {
  v4Signature: [Errors.AuthIpNotAllowed, Errors.AuthCredentialsInvalid, Errors.AuthHeadersMalformed, Errors.AuthSignatureInvalid, Errors.RateLimitExceeded],
  v3Signature: [Errors.AuthIpNotAllowed, Errors.AuthCredentialsInvalid, Errors.AuthHeadersMalformed, Errors.AuthSignatureInvalid, Errors.RateLimitExceeded],
  operatorToken: [Errors.OperatorTokenInvalid],
  none: [Errors.RateLimitExceeded],
};

const PROBLEM_SCHEMA = {
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
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    amount_limit: { type: ['object', 'null'], properties: { min: { type: 'string' }, max: { type: 'string' } } },
    limits: { type: 'object' },
  },
};

/**
 * Builds the OpenAPI 3.1 document from the routes Nest registered and the zod schemas
 * each route validates with: what is documented is what is enforced.
 */
@Injectable()
export class OpenApiDocument {
  private cached?: JsonObject;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): DocumentedRoute[] {
    const routes: DocumentedRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance || !wrapper.metatype) continue;
      const base = (this.reflector.get<string>(PATH_METADATA, wrapper.metatype) ?? '') as string;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name] as (...args: unknown[]) => unknown;
        const description = this.reflector.get<ApiRouteDescription | undefined>(API_ROUTE, handler);
        if (!description) continue;
        const method = RequestMethod[this.reflector.get<RequestMethod>(METHOD_METADATA, handler)].toLowerCase();
        routes.push({ method, path: joinPath(base, this.reflector.get<string>(PATH_METADATA, handler) ?? ''), description });
      }
    }
    return routes;
  }

  document(serverUrl: string): JsonObject {
    this.cached ??= this.build();
    return { ...this.cached, servers: [{ url: serverUrl }] };
  }

  private build(): JsonObject {
    const paths: Record<string, JsonObject> = {};
    for (const route of this.routes()) {
      paths[route.path] ??= {};
      paths[route.path]![route.method] = this.operation(route);
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Card payment platform',
        version: '1.0.0',
        description: 'Payments API v3, Direct Card API v4 and the operator API. Errors are application/problem+json.',
      },
      paths,
      components: {
        schemas: { Problem: PROBLEM_SCHEMA },
        securitySchemes: {
          v4Signature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CEK-Api-Key',
            description:
              'With X-CEK-Environment, X-CEK-Merchant-Code, X-CEK-Timestamp and X-CEK-Signature (HMAC-SHA256 of timestamp, method, path, body hash).',
          },
          v3Signature: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CAV-Api-Key',
            description: 'With X-CAV-Timestamp and X-CAV-Signature (HMAC-SHA256 of timestamp, method, path with query, body hash).',
          },
          operatorToken: { type: 'http', scheme: 'bearer' },
        },
      },
    };
  }

  private operation({ method, path, description }: DocumentedRoute): JsonObject {
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
    const responses: JsonObject = {};
    for (const [status, response] of Object.entries(description.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { 'application/json': { schema: jsonSchema(response.schema) } } } : {}),
      };
    }
    for (const code of [...AUTH_ERRORS[description.security], ...(description.errors ?? []), Errors.PlatformInternalError, Errors.PlatformUnavailable]) {
      const entry = ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE];
      const status = String(entry.status);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}; ${code} ${entry.en}` : `${code} ${entry.en}`,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    }
    return {
      summary: description.summary,
      tags: [description.tag],
      operationId: `${method}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(description.security === 'none' ? { security: [] } : { security: [{ [description.security]: [] }] }),
      parameters,
      ...(description.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(description.body) } } } } : {}),
      responses,
    };
  }
}
