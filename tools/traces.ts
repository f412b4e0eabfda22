import { existsSync } from 'node:fs';
import { traceTree, type ReceivedSpan } from '@platform/observability';
import { readSpanFile, SPANS_FILE, spanFileReceiver } from './trace-file';

/**
 * The local trace viewer (issue 18). `npm run traces` receives OTLP/HTTP JSON on
 * 127.0.0.1:4318 (start the platform with `OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318`),
 * appends every span to `.cache/traces/spans.jsonl` and prints each trace as a tree once it has
 * been quiet for two seconds. `npm run traces -- --file [PATH]` prints the traces of a file
 * (by default that one, which `npm start -- --traces` also writes).
 */
const QUIET_MS = 2000;
const args = process.argv.slice(2);
const fileArg = args.indexOf('--file');

if (fileArg >= 0) {
  const file = args[fileArg + 1] ?? SPANS_FILE;
  if (!existsSync(file)) {
    process.stderr.write(`traces: no spans in ${file} yet (npm start -- --traces writes them; spans leave a service within ~5 s)\n`);
    process.exit(1);
  }
  process.stdout.write(`${traceTree(readSpanFile(file))}\n`);
} else {
  const pending = new Map<string, { spans: ReceivedSpan[]; timer: NodeJS.Timeout }>();
  const receiver = spanFileReceiver(SPANS_FILE, (spans) => {
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
    process.stdout.write(`traces: receiving OTLP/HTTP JSON at ${url}/v1/traces, writing ${SPANS_FILE}\n`);
  });
}
