import pino, { type Logger, type LoggerOptions } from 'pino';
import type { LoggerService } from '@nestjs/common';
import { currentContext } from './request-context';
import { currentTraceIds } from './tracing';

export type { Logger } from 'pino';

/**
 * Structured JSON logs. Every line carries the service name and, when there is one,
 * the correlation id, merchant, environment, trace and span of the work in hand. Card data and
 * secrets are redacted by key wherever they might appear.
 */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    messageKey: 'msg',
    redact: {
      paths: [
        'card.number',
        'card.cvv',
        '*.card.number',
        '*.card.cvv',
        'number',
        'cvv',
        'api_secret',
        '*.api_secret',
        'secret',
        '*.secret',
        'headers.authorization',
        'req.headers.authorization',
        'req.headers["x-cek-signature"]',
        'req.headers["x-cav-signature"]',
      ],
      censor: '[redacted]',
    },
    mixin: () => {
      const context = currentContext();
      const traceIds = currentTraceIds();
      if (!context) return traceIds ?? {};
      return {
        ...traceIds,
        correlation_id: context.correlationId,
        ...(context.merchantCode ? { merchant_code: context.merchantCode } : {}),
        ...(context.environment ? { environment: context.environment } : {}),
      };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Lets NestJS write its own messages through the same JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
