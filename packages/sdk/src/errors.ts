import type { ErrorCode, Problem, RetryClass } from './types.js';

/** Anything the SDK throws. */
export class CardPlatformError extends Error {
  override name = 'CardPlatformError';
}

/** The platform answered with a problem document: branch on `code`. */
export class ApiError<C extends ErrorCode = ErrorCode> extends CardPlatformError {
  override name = 'ApiError';
  readonly code: C;
  readonly status: number;
  readonly retryClass: RetryClass;
  readonly correlationId: string;

  constructor(readonly problem: Problem & { code: C }) {
    super(`${problem.code} ${problem.title}: ${problem.metadata.developer_detail || problem.detail}`);
    this.code = problem.code;
    this.status = problem.status;
    this.retryClass = problem.metadata.retry_class;
    this.correlationId = problem.correlation_id;
  }

  /** On 422 schema errors: the messages of each field or header. */
  get fieldErrors(): Record<string, string[]> {
    return this.problem.errors ?? {};
  }
}

/**
 * No answer: the connection failed or timed out. When `outcomeUnknown` is true the request
 * may have been done; repeat it unchanged (the SDK keeps the same Idempotency-Key or
 * merchant_order_id) or read the resource.
 */
export class ConnectionError extends CardPlatformError {
  override name = 'ConnectionError';

  constructor(
    message: string,
    readonly outcomeUnknown: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The answer was not the platform's (not JSON, or a status without a problem document). */
export class UnexpectedResponseError extends CardPlatformError {
  override name = 'UnexpectedResponseError';

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`unexpected answer ${status}: ${body.slice(0, 200)}`);
  }
}

/** True for an ApiError, narrowed to the given codes when any are named. */
export function isApiError<C extends ErrorCode>(error: unknown, ...codes: C[]): error is ApiError<C> {
  return error instanceof ApiError && (codes.length === 0 || (codes as string[]).includes(error.code));
}
