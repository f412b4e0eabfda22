import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { OtlpJsonReceiver, type ReceivedSpan } from '@platform/observability';

/** Where the local trace receivers keep what they receive, one span a line. */
export const SPANS_FILE = join(__dirname, '../../.cache/traces/spans.jsonl');

/** An OTLP/HTTP receiver that appends every span to `file`, then hands them to `onSpans`. */
export function spanFileReceiver(file = SPANS_FILE, onSpans: (spans: ReceivedSpan[]) => void = () => undefined): OtlpJsonReceiver {
  mkdirSync(dirname(file), { recursive: true });
  return new OtlpJsonReceiver((spans) => {
    appendFileSync(file, spans.map((s) => `${JSON.stringify({ ...s, startNs: String(s.startNs), endNs: String(s.endNs) })}\n`).join(''));
    onSpans(spans);
  });
}

export function readSpanFile(file: string): ReceivedSpan[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const raw = JSON.parse(line) as ReceivedSpan & { startNs: string; endNs: string };
      return { ...raw, attributes: raw.attributes ?? {}, startNs: BigInt(raw.startNs), endNs: BigInt(raw.endNs) };
    });
}
