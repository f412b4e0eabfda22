import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span } from '@opentelemetry/api';

export { SpanKind } from '@opentelemetry/api';

const tracer = () => trace.getTracer('platform');

export interface Tracing {
  shutdown(): Promise<void>;
}

let started: Tracing | undefined;
/** The SDK's way to mark work untraced; loaded with the SDK. */
let suppress: ((parent: Context) => Context) | undefined;

/**
 * Starts tracing when OTLP export is configured by the standard variables
 * (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; `OTEL_SDK_DISABLED`,
 * `OTEL_TRACES_EXPORTER=none` and `OTEL_SERVICE_NAME` are honoured; the exporter and the batch
 * processor read their own `OTEL_*` settings). Otherwise nothing starts, the SDK is not even
 * loaded (~14 MB a process), and every span below is the API's no-op: off costs a function call.
 *
 * Started, it also instruments outgoing HTTP, Postgres queries and Redis commands. Those only
 * patch modules required after this call, so a service's entry point imports
 * `@platform/observability/register` first; a second call returns the first one's tracing.
 */
export function startTracing(service: string, env: Record<string, string | undefined> = process.env): Tracing | undefined {
  if (started) return started;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { suppressTracing, W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { BatchSpanProcessor, NodeTracerProvider } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Incoming requests get their span from the service kit (named by route, health probes left out).
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      // Parameters are never recorded (they carry encrypted card data and secrets' hashes), only the SQL.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  suppress = suppressTracing;
  started = provider;
  return provider;
}

/**
 * Runs `work` without tracing: no span for what it does and no `traceparent` on its outgoing
 * requests. For calls to a merchant's endpoint, whose headers are the spec's.
 */
export function untraced<T>(work: () => T): T {
  return suppress ? context.with(suppress(context.active()), work) : work();
}

/**
 * Runs `work` outside the trace of the work in hand: for work one request or message only
 * happened to set off, done for many (a claim of due deliveries, say).
 */
export function outsideAnyTrace<T>(work: () => T): T {
  return context.with(ROOT_CONTEXT, work);
}

/** The W3C `traceparent` (and `tracestate`) of the work in hand, for a message's headers. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The trace and span of the work in hand, for a log line. */
export function currentTraceIds(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
}

export interface SpanOptions {
  kind: SpanKind;
  attributes?: Attributes;
  /** Headers of the message that caused this work: its span becomes the parent. Without, the work in hand is. */
  parentHeaders?: Record<string, string | undefined>;
}

/** Runs `work` in a new span, which ends with it and records its failure. */
export async function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parentHeaders ? propagation.extract(ROOT_CONTEXT, options.parentHeaders) : context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

/** A span for an incoming HTTP request, continuing the caller's trace when it sent one; ended by the caller. */
export function startRequestSpan(name: string, headers: Record<string, string | string[] | undefined>, attributes: Attributes): Span {
  const carrier: Record<string, string> = {};
  for (const key of ['traceparent', 'tracestate']) {
    const value = headers[key];
    if (typeof value === 'string') carrier[key] = value;
  }
  return tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, propagation.extract(ROOT_CONTEXT, carrier));
}

/** Runs `work` with `span` as the work in hand. */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), work) : work();
}

export function endRequestSpan(span: Span | undefined, status: number): void {
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
