import { randomUUID } from 'node:crypto';
import { ApiError, ConnectionError, UnexpectedResponseError } from './errors.js';
import { signV3Request, signV4Request } from './signing/index.js';
import type { Environment, Problem } from './types.js';

export interface ClientOptions {
  /** API key of the environment, from the panel. */
  apiKey: string;
  /** The API secret shown once when the key was created. */
  secret: string;
  /** Where the platform answers, e.g. https://api.example.com (no trailing path). */
  baseUrl: string;
  /** The key's environment; sent as X-CEK-Environment on Direct API (v4) calls. */
  environment: Environment;
  /** MRC-<6 digits>; required for v4 calls in sandbox. */
  merchantCode?: string;
  /** Repeats of a call whose answer says it may be repeated, or that got no answer (default 2). */
  maxRetries?: number;
  /** Per attempt (default 30 s; v4 order creation may wait for the bank). */
  timeoutMs?: number;
  /** Replace the global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** v3 POSTs: the Idempotency-Key; a random UUID when omitted. Reuse it to repeat a call safely. */
  idempotencyKey?: string;
  /** Sandbox keys only: X-CAV-Sandbox-Scenario of refunds and withdrawals. */
  sandboxScenario?: string;
  /** Your own id for this request, echoed as correlation_id. */
  correlationId?: string;
  /** Abort the call (all attempts). */
  signal?: AbortSignal;
}

export interface Call extends CallOptions {
  api: 'v3' | 'v4';
  method: 'GET' | 'POST';
  path: string;
  query?: object;
  body?: unknown;
  /**
   * False for a call the spec does not make safe to repeat (the sandbox order result: a repeat
   * after it worked is refused with 0055404): it is sent once, and its errors are the caller's.
   */
  repeatable?: boolean;
}

export interface Answer<T> {
  status: number;
  data: T;
  headers: Headers;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

function queryString(query: Call['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as Array<[string, unknown]>) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && typeof (value as Problem).code === 'string' && typeof (value as Problem).metadata === 'object';
}

/**
 * Whether an error answer asks for the same request again: its retry_class says so, except a
 * 9000039 naming what differs (another request under a used key can never succeed); and a v4
 * order's 0055503 on a repeat of the same body, which only means the first is still processing.
 */
export function asksForRepeat(call: Pick<Call, 'api' | 'method'>, problem: Problem, attempt: number): boolean {
  if (problem.code === '9000039' && problem.errors) return false;
  if (problem.code === '0055503' && call.api === 'v4' && call.method === 'POST' && attempt > 0) return true;
  return problem.metadata.retry_class === 'retry_unchanged' || problem.metadata.retry_class === 'wait_and_retry';
}

/**
 * Signs and sends one API call. The spec makes the merchant endpoints safe to repeat
 * unchanged: GETs, v3 POSTs under their Idempotency-Key (kept across attempts) and v4 orders
 * by merchant_order_id. So a call is repeated when no answer came, and when the answer asks
 * for it ({@link asksForRepeat}: `retry_unchanged` after a short pause, `wait_and_retry`
 * after Retry-After); never on any other error, and never for a call marked not repeatable.
 */
export class Transport {
  private readonly fetch: typeof fetch;
  private readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async send<T>(call: Call): Promise<Answer<T>> {
    const target = `${call.path}${queryString(call.query)}`;
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const idempotencyKey = call.api === 'v3' && call.method === 'POST' ? (call.idempotencyKey ?? randomUUID()) : undefined;
    const maxRetries = call.repeatable === false ? 0 : (this.options.maxRetries ?? 2);
    for (let attempt = 0; ; attempt += 1) {
      const last = attempt >= maxRetries;
      let response: Response;
      try {
        response = await this.fetch(`${this.baseUrl}${target}`, {
          method: call.method,
          headers: this.headers(call, target, body, idempotencyKey),
          body,
          signal: this.attemptSignal(call.signal),
          redirect: 'error',
        });
      } catch (error) {
        if (call.signal?.aborted) throw error;
        if (last)
          throw new ConnectionError(`no answer from ${call.method} ${call.path}: ${(error as Error).message}`, call.method === 'POST', { cause: error });
        await sleep(backoff(attempt), call.signal);
        continue;
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new UnexpectedResponseError(response.status, text);
      }
      if (response.ok) return { status: response.status, data: parsed as T, headers: response.headers };
      if (!isProblem(parsed)) throw new UnexpectedResponseError(response.status, text);
      if (last || !asksForRepeat(call, parsed, attempt)) throw new ApiError(parsed);
      const retryAfter = Number(response.headers.get('retry-after'));
      await sleep(parsed.metadata.retry_class === 'wait_and_retry' && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt), call.signal);
    }
  }

  private headers(call: Call, target: string, body: string | undefined, idempotencyKey: string | undefined): Record<string, string> {
    const { apiKey, secret, environment, merchantCode } = this.options;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'card-platform-sdk' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (call.correlationId) headers['x-correlation-id'] = call.correlationId;
    if (call.api === 'v3') {
      Object.assign(headers, { 'X-CAV-Api-Key': apiKey }, signV3Request({ secret, method: call.method, target, body }));
      if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
      if (call.sandboxScenario) headers['X-CAV-Sandbox-Scenario'] = call.sandboxScenario;
    } else {
      Object.assign(
        headers,
        { 'X-CEK-Api-Key': apiKey, 'X-CEK-Environment': environment },
        signV4Request({ secret, method: call.method, path: call.path, body }),
      );
      if (merchantCode) headers['X-CEK-Merchant-Code'] = merchantCode;
    }
    return headers;
  }

  private attemptSignal(caller: AbortSignal | undefined): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30000);
    return caller ? AbortSignal.any([caller, timeout]) : timeout;
  }
}

/** 0.5 s, 1 s, 2 s … with jitter, at most 8 s. */
function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}
