import { spansOfOtlpJson, traceTree } from './otlp-receiver';

const attribute = (service: string) => ({ attributes: [{ key: 'service.name', value: { stringValue: service } }] });
const span = (name: string, spanId: string, parentSpanId: string, startMs: number, endMs: number) => ({
  name,
  traceId: 'a'.repeat(32),
  spanId,
  parentSpanId,
  startTimeUnixNano: String(BigInt(startMs) * 1_000_000n),
  endTimeUnixNano: String(BigInt(endMs) * 1_000_000n),
  attributes: [
    { key: 'http.route', value: { stringValue: '/x' } },
    { key: 'http.response.status_code', value: { intValue: '201' } },
  ],
});

describe('the local trace viewer', () => {
  it('reads OTLP JSON exports and shows a trace as a tree, children under their parent in order of start', () => {
    const spans = [
      ...spansOfOtlpJson({
        resourceSpans: [{ resource: attribute('orders-v4'), scopeSpans: [{ spans: [span('handle orders.create', 's2', 's1', 1003, 1010)] }] }],
      }),
      ...spansOfOtlpJson({
        resourceSpans: [
          {
            resource: attribute('gateway'),
            scopeSpans: [{ spans: [span('rpc orders.create', 's1', 's0', 1001, 1012), span('POST /api/v4/orders', 's0', '', 1000, 1013)] }],
          },
          { resource: attribute('ledger'), scopeSpans: [{ spans: [span('consume x', 's9', 'lost', 1020, 1021)] }] },
        ],
      }),
    ];
    expect(traceTree(spans).split('\n')).toEqual([
      `trace ${'a'.repeat(32)}`,
      '  +0.0 ms 13.0 ms  gateway: POST /api/v4/orders',
      '    +1.0 ms 11.0 ms  gateway: rpc orders.create',
      '      +3.0 ms 7.0 ms  orders-v4: handle orders.create',
      '  … +20.0 ms 1.0 ms  ledger: consume x',
    ]);
    expect(spans[0]!.attributes).toEqual({ 'http.route': '/x', 'http.response.status_code': 201 });
  });
});
