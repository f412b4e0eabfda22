import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OtlpJsonReceiver } from '@platform/observability';
import { Kafka, logLevel } from 'kafkajs';
import { OperatorClient, Stack, V4Client, eventually, testInfrastructure } from '@platform/testing';

/**
 * One trace per payment (issue 18): an OTLP/HTTP receiver in the test process collects what the
 * services export (`OTEL_EXPORTER_OTLP_ENDPOINT`), and the merchant's request that pays an order
 * must be followed through every Kafka hop to the webhook attempt.
 */
describe('observability: traces and metrics', () => {
  let stack: Stack;
  let hooks: Server;
  let hooksUrl: string;
  const otlp = new OtlpJsonReceiver();
  const spans = otlp.spans;
  const topicPrefix = `test-tracing-${randomUUID().slice(0, 8)}.`;
  const webhookHeaders: Record<string, string | string[] | undefined>[] = [];

  beforeAll(async () => {
    hooks = createServer((request, response) => {
      request.resume().on('end', () => {
        webhookHeaders.push(request.headers);
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
        TRIAL_BALANCE_INTERVAL_MS: '500',
        KAFKA_TOPIC_PREFIX: topicPrefix,
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
    const paid = await client.request(
      'POST',
      `/api/v4/sandbox/orders/${merchant_order_id}/result`,
      { result: 'paid' },
      { headers: { 'x-correlation-id': `corr-${merchant_order_id}` } },
    );
    expect(paid.body.data.status).toBe('paid');

    const root = await eventually(
      async () => spans.find((s) => s.service === 'gateway' && s.name === 'POST /api/v4/sandbox/orders/:merchantOrderId/result'),
      (found) => found !== undefined,
    );
    const trace = await eventually(
      async () => spans.filter((s) => s.traceId === root!.traceId),
      (found) => found.some((s) => s.service === 'webhook-dispatcher' && s.name === 'webhook attempt') && found.some((s) => s.service === 'ledger'),
    );
    expect(webhookHeaders.length).toBeGreaterThanOrEqual(1);
    // The merchant's endpoint gets the spec's headers, not our trace.
    expect(webhookHeaders.every((headers) => headers.traceparent === undefined)).toBe(true);
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
    // The command's reply on Kafka carries the handler's span too, and the merchant's correlation id, which the command carried.
    const handler = trace.find((s) => s.name === 'handle orders.sandbox-result')!;
    expect(await repliesOfTrace(`${topicPrefix}rpc.replies.v1`, root!.traceId)).toEqual([
      { traceparent: `00-${root!.traceId}-${handler.spanId}-01`, correlationId: `corr-${merchant_order_id}` },
    ]);
    // Inside the services: the gateway's Redis commands and every service's SQL, under the work that ran them.
    const queries = trace.filter((s) => s.parentSpanId === handler.spanId && s.name.startsWith('pg.query'));
    expect(queries.length).toBeGreaterThan(0);
    // The two rate limits (caller address, API key) are Redis scripts run for the request.
    const limits = trace.filter((s) => s.service === 'gateway' && s.name === 'evalsha');
    expect(limits.map((s) => s.parentSpanId)).toEqual([root!.spanId, root!.spanId]);
    expect(trace.some((s) => s.service === 'ledger' && s.name.startsWith('pg.query'))).toBe(true);
    // The attempt's log line names its trace and span: an operator goes from the log to the trace.
    const logged = stack
      .logs('webhook-dispatcher')
      .split('\n')
      .filter((line) => line.includes('"msg":"webhook attempt"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.find((line) => line.trace_id === root!.traceId)).toMatchObject({ span_id: attempt.spanId, outcome: 'delivered' });
  });

  /** The trace and correlation headers of the replies on `topic` that belong to the trace. */
  async function repliesOfTrace(topic: string, traceId: string): Promise<{ traceparent: string; correlationId?: string }[]> {
    const kafka = new Kafka({ clientId: 'trace-e2e', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `trace-e2e-${randomUUID()}` });
    const found: { traceparent: string; correlationId?: string }[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const traceparent = message.headers?.traceparent?.toString();
          if (traceparent?.includes(traceId)) found.push({ traceparent, correlationId: message.headers?.['correlation-id']?.toString() });
        },
      });
      return await eventually(
        async () => [...found],
        (replies) => replies.length > 0,
      );
    } finally {
      await consumer.disconnect();
    }
  }

  /** The values of the samples `name` whose labels include `labels`, in a Prometheus text exposition. */
  function samples(exposition: string, name: string, labels: Record<string, string>): number[] {
    const values: number[] = [];
    for (const line of exposition.split('\n')) {
      const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
      if (!match || match[1] !== name) continue;
      const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      if (Object.entries(labels).every(([key, value]) => found[key] === value)) values.push(Number(match[3]));
    }
    return values;
  }
  const sample = (exposition: string, name: string, labels: Record<string, string>) => samples(exposition, name, labels)[0];

  it('counts requests by route and status, commands by outcome on both sides, events by outcome, business records at their commit, the outbox backlog, the database pool, consumer lag and the trial balance', async () => {
    const startedAt = Date.now();
    const operator = new OperatorClient(stack.url('gateway'));
    const client = new V4Client(stack.url('gateway'), await operator.provisionMerchant());
    const order = (bin: string) => client.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin });
    expect((await order('540061')).status).toBe(201);
    expect((await order('111111')).body.code).toBe('0055233');
    const scrape = async (app: 'gateway' | 'orders-v4' | 'ledger') => (await fetch(`${stack.url(app)}/metrics`)).text();
    const gateway = await scrape('gateway');
    const route = { method: 'POST', route: '/api/v4/orders' };
    expect(sample(gateway, 'http_server_request_duration_seconds_count', { ...route, status: '201', service: 'gateway' })).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'http_server_request_duration_seconds_count', { ...route, status: '409' })).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'rpc_client_duration_seconds_count', { command: 'orders.create', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(gateway, 'rpc_client_duration_seconds_count', { command: 'orders.create', outcome: 'refused' })).toBeGreaterThanOrEqual(1);
    const orders = await scrape('orders-v4');
    expect(sample(orders, 'rpc_server_duration_seconds_count', { command: 'orders.create', outcome: 'ok', service: 'orders-v4' })).toBeGreaterThanOrEqual(1);
    expect(sample(orders, 'rpc_server_duration_seconds_count', { command: 'orders.create', outcome: 'refused' })).toBeGreaterThanOrEqual(1);
    // orders-v4 published the paid order's event through its outbox.
    expect(sample(orders, 'outbox_relay_delay_seconds_count', { service: 'orders-v4' })).toBeGreaterThanOrEqual(1);
    expect(sample(orders, 'outbox_unpublished', { service: 'orders-v4' })).toBe(0);
    expect(sample(orders, 'events_published_total', { event_type: 'checkout.order.succeeded.v1', service: 'orders-v4' })).toBeGreaterThanOrEqual(1);
    // Business counters, counted at the commit: two orders created in this file (the refused one is not), one of them paid.
    expect(sample(orders, 'business_records_total', { record: 'order', status: 'created', environment: 'sandbox' })).toBe(2);
    expect(sample(orders, 'business_records_total', { record: 'order', status: 'paid', environment: 'sandbox' })).toBe(1);
    expect(sample(orders, 'db_pool_max_connections', {})).toBeGreaterThan(0);
    expect(samples(orders, 'db_pool_connections', {}).length).toBe(2);
    expect(sample(orders, 'db_pool_waiting_requests', {})).toBe(0);
    const ledger = await scrape('ledger');
    expect(sample(ledger, 'ledger_transactions_total', { environment: 'sandbox' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(ledger, 'events_consumed_total', { event_type: 'checkout.order.succeeded.v1', outcome: 'applied', service: 'ledger' }),
    ).toBeGreaterThanOrEqual(1);
    const scraped = await eventually(
      () => scrape('ledger'),
      (text) => sample(text, 'ledger_trial_balance_checked_timestamp_seconds', {})! * 1000 > startedAt,
    );
    expect(sample(scraped, 'ledger_trial_balance_balanced', { service: 'ledger' })).toBe(1);
    // Every partition of the ledger's event topics and of orders-v4's command topic, read from the broker at the scrape, drains to 0.
    await eventually(
      async () => samples(await scrape('ledger'), 'kafka_consumer_lag', { consumer: 'ledger.events' }),
      (lags) => lags.length > 0 && lags.every((lag) => lag === 0),
    );
    await eventually(
      async () => samples(await scrape('orders-v4'), 'kafka_consumer_lag', { consumer: 'orders-v4.commands' }),
      (lags) => lags.length > 0 && lags.every((lag) => lag === 0),
    );
  });
});
