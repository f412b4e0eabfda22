import type { IHeaders } from 'kafkajs';

/** Header names every platform message may carry. */
export const Headers = {
  correlationId: 'correlation-id',
  merchantCode: 'merchant-code',
  environment: 'environment',
  settingsVersion: 'settings-version',
  idempotencyKey: 'idempotency-key',
  rpcId: 'rpc-id',
  rpcType: 'rpc-type',
  replyTopic: 'reply-topic',
  replyPartition: 'reply-partition',
  deadline: 'deadline',
  eventId: 'event-id',
  eventType: 'event-type',
} as const;

export function readHeader(headers: IHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined || value === null) return undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/** The W3C trace context a message carries, to continue its trace. */
export function traceCarrier(headers: IHeaders | undefined): Record<string, string | undefined> {
  return { traceparent: readHeader(headers, 'traceparent'), tracestate: readHeader(headers, 'tracestate') };
}

export function compactHeaders(entries: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) if (value !== undefined) out[key] = value;
  return out;
}
