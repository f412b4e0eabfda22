import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { ApiError, type ErrorCode, Errors } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import type { Metrics } from './metrics';
import { buildProblem, negotiateLanguage } from './problem';
import './fastify-augment';

/** Statuses that reach the filter from the framework rather than from our code. */
function codeForFrameworkStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return Errors.RequestJsonInvalid;
    case 404:
      return Errors.RequestRouteUnknown;
    case 405:
      return Errors.RequestMethodNotAllowed;
    case 413:
      return Errors.RequestBodyTooLarge;
    case 415:
      return Errors.RequestContentTypeUnsupported;
    case 422:
      return Errors.RequestSchemaInvalid;
    case 429:
      return Errors.RateLimitExceeded;
    case 503:
      return Errors.PlatformUnavailable;
    default:
      return status >= 500 ? Errors.PlatformInternalError : Errors.RequestSchemaInvalid;
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpException) return error.getStatus();
  const candidate = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate < 600 ? candidate : undefined;
}

/**
 * Every error leaves as application/problem+json in the caller's language, with the
 * correlation id; internal messages and stacks go to the log, never to the caller. Each
 * refusal is logged and counted under the `audit_event` its problem carries.
 */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly refusals: Counter<'code' | 'audit_event' | 'status'>;

  constructor(
    private readonly logger: Logger,
    private readonly typeBaseUrl: string,
    metrics: Metrics,
  ) {
    this.refusals = new Counter({
      name: 'api_errors_total',
      help: 'Problem responses by error code and audit event',
      labelNames: ['code', 'audit_event', 'status'],
      registers: [metrics.registry],
    });
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const language = negotiateLanguage(request.headers['accept-language']);
    const correlationId = request.correlationId;

    let code: ErrorCode;
    let status: number | undefined;
    let detail: string | undefined;
    let extras = {};
    if (exception instanceof ApiError) {
      ({ code, status, detail, extras } = exception);
    } else {
      const frameworkStatus = statusOf(exception);
      code = codeForFrameworkStatus(frameworkStatus ?? 500);
      status = frameworkStatus && frameworkStatus < 500 ? frameworkStatus : undefined;
      if (!frameworkStatus || frameworkStatus >= 500) {
        this.logger.error({ err: exception, correlation_id: correlationId, path: request.url }, 'unhandled error');
      }
    }
    const problem = buildProblem({
      code,
      status,
      detail,
      extras,
      instance: request.url.split('?')[0] ?? request.url,
      correlationId,
      language,
      typeBaseUrl: this.typeBaseUrl,
    });
    const { audit_event, retry_class } = problem.metadata;
    this.refusals.inc({ code, audit_event, status: String(problem.status) });
    this.logger.info({ correlation_id: correlationId, path: problem.instance, code, status: problem.status, audit_event, retry_class }, 'request refused');
    void reply
      .status(problem.status)
      .header('content-type', 'application/problem+json; charset=utf-8')
      .header('content-language', language)
      .header('x-correlation-id', correlationId)
      .send(JSON.stringify(problem));
  }
}
