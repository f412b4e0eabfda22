import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What every log line and every outgoing message inherits from the work in hand. */
export interface RequestContext {
  correlationId: string;
  merchantCode?: string;
  environment?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

const CORRELATION_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's correlation id when it is sane, otherwise starts a new one. */
export function acceptOrCreateCorrelationId(candidate: unknown): string {
  return typeof candidate === 'string' && CORRELATION_ID.test(candidate) ? candidate : randomUUID();
}
