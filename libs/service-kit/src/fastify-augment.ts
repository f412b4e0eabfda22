import type { Span } from '@opentelemetry/api';
declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first hook of every request: the caller's X-Correlation-Id or a new one. */
    correlationId: string;
    /** The request's trace span, when tracing is on. */
    traceSpan?: Span;
    rawBody?: Buffer;
  }
}
export {};
