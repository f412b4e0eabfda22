import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { traceTree } from '@platform/observability';
import { readSpanFile, spanFileReceiver } from './trace-file';

describe('the trace file of npm start -- --traces', () => {
  const dir = mkdtempSync(join(tmpdir(), 'traces-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every exported span, one a line, and reads them back as the trees of npm run traces', async () => {
    const file = join(dir, 'spans.jsonl');
    const receiver = spanFileReceiver(file);
    const url = await receiver.start();
    const span = (name: string, spanId: string, parentSpanId: string, startMs: number) => ({
      name,
      traceId: 'b'.repeat(32),
      spanId,
      parentSpanId,
      startTimeUnixNano: String(BigInt(startMs) * 1_000_000n),
      endTimeUnixNano: String(BigInt(startMs + 2) * 1_000_000n),
      attributes: [{ key: 'db.system', value: { stringValue: 'postgresql' } }],
    });
    const post = (service: string, spans: unknown[]) =>
      fetch(`${url}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] }, scopeSpans: [{ spans }] }],
        }),
      });
    try {
      expect((await post('gateway', [span('GET /x', 's1', '', 1000)])).status).toBe(200);
      expect((await post('status', [span('pg.query:SELECT', 's2', 's1', 1001)])).status).toBe(200);
    } finally {
      await receiver.stop();
    }
    const spans = readSpanFile(file);
    expect(spans.map((s) => s.attributes)).toEqual([{ 'db.system': 'postgresql' }, { 'db.system': 'postgresql' }]);
    expect(traceTree(spans).split('\n')).toEqual([
      `trace ${'b'.repeat(32)}`,
      '  +0.0 ms 2.0 ms  gateway: GET /x',
      '    +1.0 ms 2.0 ms  status: pg.query:SELECT',
    ]);
  });
});
