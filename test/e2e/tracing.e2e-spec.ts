import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OtlpJsonReceiver } from '@platform/observability';
import { OperatorClient, Stack, V4Client, eventually } from '@platform/testing';

/**
 * One trace per payment (issue 18): an OTLP/HTTP receiver in the test process collects what the
 * services export (`OTEL_EXPORTER_OTLP_ENDPOINT`), and the merchant's request that pays an order
 * must be followed through every Kafka hop to the webhook attempt.
 */
describe('tracing', () => {
  let stack: Stack;
  let hooks: Server;
  let hooksUrl: string;
  const otlp = new OtlpJsonReceiver();
  const spans = otlp.spans;
  let webhooks = 0;

  beforeAll(async () => {
    hooks = createServer((request, response) => {
      request.resume().on('end', () => {
        webhooks += 1;
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
    stack = await Stack.start({
      apps: ['gateway', 'orders-v4', 'ledger', 'webhook-dispatcher'],
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: await otlp.start(),
        OTEL_BSP_SCHEDULE_DELAY: '100',
        DISPATCH_INTERVAL_MS: '100',
        KAFKA_TOPIC_PREFIX: `test-tracing-${randomUUID().slice(0, 8)}.`,
      },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await otlp.stop();
    await new Promise((resolve) => hooks?.close(resolve));
  });

  it('follows a paid order from the merchant’s request through orders-v4 and the ledger to the webhook attempt, in one trace', async () => {
    const operator = new OperatorClient(stack.url('gateway'));
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant({ settings: { webhook_url: `${hooksUrl}/hook` } }));
    const merchant_order_id = `ord_${randomUUID()}`;
    expect((await client.request('POST', '/api/v4/orders', { merchant_order_id, amount: '25.00', bin: '540061' })).status).toBe(201);
    const paid = await client.request('POST', `/api/v4/sandbox/orders/${merchant_order_id}/result`, { result: 'paid' });
    expect(paid.body.data.status).toBe('paid');

    const root = await eventually(
      async () => spans.find((s) => s.service === 'gateway' && s.name === 'POST /api/v4/sandbox/orders/:merchantOrderId/result'),
      (found) => found !== undefined,
    );
    const trace = await eventually(
      async () => spans.filter((s) => s.traceId === root!.traceId),
      (found) => found.some((s) => s.service === 'webhook-dispatcher' && s.name === 'webhook attempt') && found.some((s) => s.service === 'ledger'),
    );
    expect(webhooks).toBeGreaterThanOrEqual(1);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestry = (span: (typeof trace)[number]): string[] => {
      const chain = [`${span.service}: ${span.name}`];
      for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) {
        // Causal order: nothing starts before what caused it.
        expect(parent.startNs <= span.startNs).toBe(true);
        chain.unshift(`${parent.service}: ${parent.name}`);
      }
      return chain;
    };
    const attempt = trace.find((s) => s.name === 'webhook attempt')!;
    expect(ancestry(attempt)).toEqual([
      'gateway: POST /api/v4/sandbox/orders/:merchantOrderId/result',
      'gateway: rpc orders.sandbox-result',
      'orders-v4: handle orders.sandbox-result',
      'webhook-dispatcher: consume checkout.order.succeeded.v1',
      'webhook-dispatcher: webhook attempt',
    ]);
    const booking = trace.find((s) => s.service === 'ledger')!;
    expect(ancestry(booking).slice(0, 3)).toEqual(ancestry(attempt).slice(0, 3));
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['gateway', 'orders-v4', 'ledger', 'webhook-dispatcher']));
    // The attempt's log line names its trace and span: an operator goes from the log to the trace.
    const logged = stack
      .logs('webhook-dispatcher')
      .split('\n')
      .filter((line) => line.includes('"msg":"webhook attempt"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((line) => line.trace_id === root!.traceId)).toMatchObject({ span_id: attempt.spanId, outcome: 'delivered' });
  });
});
