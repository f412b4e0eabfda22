import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with its service. */
export interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  startNs: bigint;
  endNs: bigint;
  /** The span's attributes, each value as the string, number or flag it was sent as. */
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: {
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
        attributes?: { key: string; value: OtlpValue }[];
      }[];
    }[];
  }[];
}

function plainValue(value: OtlpValue): string | number | boolean {
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.doubleValue ?? value.boolValue ?? '';
}

export function spansOfOtlpJson(body: unknown): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of (body as OtlpJson).resourceSpans ?? []) {
    const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        spans.push({
          service,
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          startNs: BigInt(span.startTimeUnixNano),
          endNs: BigInt(span.endTimeUnixNano),
          attributes: Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, plainValue(value)])),
        });
      }
    }
  }
  return spans;
}

/**
 * Each trace as an indented tree, children under their parent in order of start: the offset
 * from the trace's first span and the duration in milliseconds, the service, the span's name.
 * A span whose parent was not received is shown at the top with `…` before it.
 */
export function traceTree(spans: ReceivedSpan[]): string {
  const lines: string[] = [];
  const traces = new Map<string, ReceivedSpan[]>();
  for (const span of spans) traces.set(span.traceId, [...(traces.get(span.traceId) ?? []), span]);
  for (const [traceId, members] of traces) {
    const ids = new Set(members.map((s) => s.spanId));
    const first = members.reduce((min, s) => (s.startNs < min ? s.startNs : min), members[0]!.startNs);
    const ms = (ns: bigint) => (Number(ns) / 1e6).toFixed(1);
    lines.push(`trace ${traceId}`);
    const walk = (parent: string, depth: number) => {
      const children = members
        .filter((s) => (depth === 0 ? !ids.has(s.parentSpanId) : s.parentSpanId === parent))
        .sort((a, b) => (a.startNs < b.startNs ? -1 : 1));
      for (const span of children) {
        const orphan = depth === 0 && span.parentSpanId ? '… ' : '';
        lines.push(`${'  '.repeat(depth + 1)}${orphan}+${ms(span.startNs - first)} ms ${ms(span.endNs - span.startNs)} ms  ${span.service}: ${span.name}`);
        walk(span.spanId, depth + 1);
      }
    };
    walk('', 0);
  }
  return lines.join('\n');
}

/** An OTLP/HTTP receiver of JSON exports (`POST /v1/traces`), for tests and the local trace viewer. */
export class OtlpJsonReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server?: Server;

  constructor(private readonly onSpans: (spans: ReceivedSpan[]) => void = () => undefined) {}

  /** Listens; answers the receiver's base URL, to give services as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/traces') return void response.writeHead(404).end();
        let received: ReceivedSpan[];
        try {
          received = spansOfOtlpJson(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          return void response.writeHead(400).end();
        }
        this.spans.push(...received);
        this.onSpans(received);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    return `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
