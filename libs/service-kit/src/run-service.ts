import 'reflect-metadata';
import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Histogram } from 'prom-client';
import type { z } from 'zod';
import {
  acceptOrCreateCorrelationId,
  createLogger,
  endRequestSpan,
  NestPinoLogger,
  runWithContext,
  startRequestSpan,
  startTracing,
  withSpan,
  type Logger,
  type Tracing,
} from '@platform/observability';
import { bindWithoutDeprecatedAccessor } from './async-resource-bind';
import { ConfigError, loadConfig, type BaseConfig } from './config';
import { productionDatabaseProblems } from './database-credentials';
import { kafkaSecurityProblems } from './kafka-security';
import { Metrics } from './metrics';
import { ProblemFilter } from './problem.filter';
import { ServiceKitModule, type ServiceDefinition } from './service-kit.module';
import './fastify-augment';

export interface ServiceSpec<S extends z.ZodType<BaseConfig, z.ZodTypeDef, unknown>> extends ServiceDefinition {
  configSchema: S;
  port: (config: z.infer<S>) => number;
  /** The app's own feature modules. */
  imports: (config: z.infer<S>, logger: Logger) => NonNullable<ModuleMetadata['imports']>;
  /** Base of the problem `type` URIs. */
  publicBaseUrl?: (config: z.infer<S>) => string;
  bodyLimitBytes?: number;
  /** Proxies whose X-Forwarded-For names the client; the socket address otherwise. */
  trustedProxies?: (config: z.infer<S>) => string[];
  configure?: (app: NestFastifyApplication, config: z.infer<S>, logger: Logger) => void | Promise<void>;
}

bindWithoutDeprecatedAccessor();

const UNTRACED_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

export interface RunningService {
  app: NestFastifyApplication;
  logger: Logger;
  url: string;
}

/** Builds the root module of an app: the service kit plus the app's feature modules. */
function rootModule(imports: DynamicModule['imports']): DynamicModule {
  @Module({})
  class AppRootModule {}
  return { module: AppRootModule, imports };
}

/**
 * Boots one service: validated config (a clear message and exit 1 when it is wrong),
 * JSON logs, Fastify with the raw body kept for signatures, problem+json errors,
 * X-Correlation-Id on every response, graceful shutdown on SIGTERM and SIGINT.
 */
export async function startService<S extends z.ZodType<BaseConfig, z.ZodTypeDef, unknown>>(
  spec: ServiceSpec<S>,
  env: Record<string, string | undefined> = process.env,
): Promise<RunningService> {
  const config = loadConfig(spec.name, spec.configSchema, env);
  const deploymentProblems = [...productionDatabaseProblems(config), ...kafkaSecurityProblems(config)];
  if (deploymentProblems.length > 0) throw new ConfigError(spec.name, deploymentProblems);
  const logger = createLogger(spec.name, config.LOG_LEVEL);
  const tracing = startTracing(spec.name, env);
  const adapter = new FastifyAdapter({
    bodyLimit: spec.bodyLimitBytes ?? 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A path parameter may be a whole Idempotency-Key (255 visible characters, up to 765 percent-encoded);
    // Fastify's default of 100 would answer a longer one 414 outside the problem format (ADR 0034).
    routerOptions: { maxParamLength: 1024 },
    trustProxy: spec.trustedProxies?.(config).length ? spec.trustedProxies(config) : false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    rootModule([ServiceKitModule.forRoot(spec, config, logger), ...spec.imports(config, logger)]),
    adapter,
    { logger: new NestPinoLogger(logger), rawBody: true, abortOnError: false, bufferLogs: false },
  );
  const fastify = app.getHttpAdapter().getInstance();
  const requestDurations = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [app.get(Metrics).registry],
  });
  const routes: string[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    request.correlationId = acceptOrCreateCorrelationId(request.headers['x-correlation-id']);
    void reply.header('x-correlation-id', request.correlationId);
    const route = request.routeOptions?.url ?? 'unmatched';
    // Probes and scrapes would bury the traces worth reading.
    if (tracing && !UNTRACED_ROUTES.has(route)) {
      request.traceSpan = startRequestSpan(`${request.method} ${route}`, request.headers, {
        'http.request.method': request.method,
        'http.route': route,
        'correlation.id': request.correlationId,
      });
    }
    // The rest of the request (body parsing, guards, interceptors, handler) runs in its context
    // and span: its logs, commands and events carry both.
    runWithContext({ correlationId: request.correlationId }, () => withSpan(request.traceSpan, done));
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    endRequestSpan(request.traceSpan, reply.statusCode);
    // The route's pattern, never the raw path: a client cannot grow the series.
    requestDurations.observe(
      { method: request.method, route: request.routeOptions?.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    logger.info(
      {
        correlation_id: request.correlationId,
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  const port = spec.port(config);
  app.useGlobalFilters(new ProblemFilter(logger, spec.publicBaseUrl?.(config) ?? `http://127.0.0.1:${port}`, app.get(Metrics)));
  await spec.configure?.(app, config, logger);
  installGracefulShutdown(app, logger, config.SHUTDOWN_TIMEOUT_MS, tracing);
  await app.listen({ port, host: config.HTTP_HOST });
  logger.info({ port, routes }, `${spec.name} listening`);
  return { app, logger, url: `http://127.0.0.1:${port}` };
}

/**
 * SIGTERM or SIGINT: stop taking work, finish what is in hand, close connections and
 * exit 0; past the timeout, exit 1 rather than hang a rollout.
 */
function installGracefulShutdown(app: NestFastifyApplication, logger: Logger, timeoutMs: number, tracing: Tracing | undefined): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutdown requested');
    setTimeout(() => {
      logger.error({ timeout_ms: timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs).unref();
    app
      .close()
      // Spans still batched are sent before the process ends.
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

/** The body of every app's main.ts. */
export function runService<S extends z.ZodType<BaseConfig, z.ZodTypeDef, unknown>>(spec: ServiceSpec<S>): void {
  startService(spec).catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      createLogger(spec.name).fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  });
}
