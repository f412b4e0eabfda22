import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OtlpJsonReceiver, traceTree, type ReceivedSpan } from '@platform/observability';

/**
 * The local trace viewer (issue 18). `npm run traces` receives OTLP/HTTP JSON on
 * 127.0.0.1:4318 (start the platform with `OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318`),
 * appends every span to `.cache/traces/spans.jsonl` and prints each trace as a tree once it has
 * been quiet for two seconds. `npm run traces -- --file PATH` prints the traces of a file.
 */
const QUIET_MS = 2000;
const args = process.argv.slice(2);
const fileArg = args.indexOf('--file');

function revive(line: string): ReceivedSpan {
  const raw = JSON.parse(line) as Record<string, string>;
  return { ...(raw as unknown as ReceivedSpan), startNs: BigInt(raw.startNs!), endNs: BigInt(raw.endNs!) };
}

if (fileArg >= 0) {
  const spans = readFileSync(args[fileArg + 1]!, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(revive);
  process.stdout.write(`${traceTree(spans)}\n`);
} else {
  const file = join(process.cwd(), '.cache/traces/spans.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  const pending = new Map<string, { spans: ReceivedSpan[]; timer: NodeJS.Timeout }>();
  const receiver = new OtlpJsonReceiver((spans) => {
    appendFileSync(file, spans.map((s) => `${JSON.stringify({ ...s, startNs: String(s.startNs), endNs: String(s.endNs) })}\n`).join(''));
    for (const span of spans) {
      const entry = pending.get(span.traceId) ?? { spans: [], timer: setTimeout(() => undefined, 0) };
      clearTimeout(entry.timer);
      entry.spans.push(span);
      entry.timer = setTimeout(() => {
        pending.delete(span.traceId);
        process.stdout.write(`${traceTree(entry.spans)}\n\n`);
      }, QUIET_MS);
      pending.set(span.traceId, entry);
    }
  });
  void receiver.start(Number(process.env.TRACES_PORT ?? 4318)).then((url) => {
    process.stdout.write(`traces: receiving OTLP/HTTP JSON at ${url}/v1/traces, writing ${file}\n`);
  });
}
