declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the first hook of every request: the caller's X-Correlation-Id or a new one. */
    correlationId: string;
    rawBody?: Buffer;
  }
}
export {};
