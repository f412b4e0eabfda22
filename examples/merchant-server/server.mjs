// A merchant's server, written only with the published SDK. Configure it with:
//   PLATFORM_URL, API_KEY, API_SECRET, ENVIRONMENT (sandbox|live), MERCHANT_CODE, PORT
// Routes:
//   POST /checkout {amount, currency_code, reference}  → creates a v3 payment, answers its payment_url
//   POST /orders   {merchant_order_id, amount, bin}    → creates a hosted v4 order
//   GET  /payments/:code, GET /orders/:id              → the platform's record, read with a signed GET
//   POST /webhooks                                     → verified, deduplicated deliveries (v3 and v4)
//   GET  /events                                       → what /webhooks accepted, for you to look at
import { createServer } from 'node:http';
import { CardPlatform, WebhookDeduplicator, isApiError, verifyWebhookRequest } from '@card-platform/sdk';

const config = {
  baseUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.API_KEY,
  secret: process.env.API_SECRET,
  environment: process.env.ENVIRONMENT ?? 'sandbox',
  merchantCode: process.env.MERCHANT_CODE,
};
if (!config.apiKey || !config.secret) throw new Error('set API_KEY and API_SECRET');

const platform = new CardPlatform(config);
const dedupe = new WebhookDeduplicator();
const events = [];

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function reply(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function receiveWebhook(request, response) {
  // Verify over the raw bytes, before any JSON parsing.
  const verified = verifyWebhookRequest({ secret: config.secret, rawBody: await readBody(request), headers: request.headers });
  if (!verified.ok) return reply(response, 400, { refused: verified.reason });
  // At least once: the same event may come again. Act once per event id; a failure here answers 5xx and the retry acts.
  const first = await dedupe.handleOnce(verified.eventId, () =>
    events.push({ api: verified.api, event_id: verified.eventId, event_type: verified.event.event_type, event: verified.event }),
  );
  return reply(response, 200, { received: true, duplicate: !first });
}

async function route(request, response) {
  const url = new URL(request.url, 'http://merchant.local');
  if (request.method === 'POST' && url.pathname === '/webhooks') return receiveWebhook(request, response);
  if (request.method === 'GET' && url.pathname === '/events') return reply(response, 200, events);
  if (request.method === 'POST' && url.pathname === '/checkout') {
    const { amount, currency_code, reference } = JSON.parse((await readBody(request)).toString() || '{}');
    const { data: payment, created } = await platform.payments.create({ amount, currency_code, merchant_reference: reference ?? null }, { idempotencyKey: reference });
    return reply(response, created ? 201 : 200, { code: payment.code, payment_url: payment.payment_url, status: payment.status });
  }
  if (request.method === 'POST' && url.pathname === '/orders') {
    const body = JSON.parse((await readBody(request)).toString() || '{}');
    const { data: order } = await platform.orders.create(body);
    return reply(response, 201, order);
  }
  const payment = /^\/payments\/([a-z0-9]+)$/.exec(url.pathname);
  if (request.method === 'GET' && payment) return reply(response, 200, await platform.payments.get(payment[1]));
  const order = /^\/orders\/([A-Za-z0-9._-]+)$/.exec(url.pathname);
  if (request.method === 'GET' && order) return reply(response, 200, await platform.orders.get(order[1]));
  return reply(response, 404, { error: 'no such route' });
}

const server = createServer((request, response) => {
  route(request, response).catch((error) => {
    // The platform's refusals carry a code and a retry class; show them to the caller.
    if (isApiError(error)) return reply(response, 502, { platform_code: error.code, status: error.status, retry_class: error.retryClass, detail: error.message });
    return reply(response, 500, { error: String(error?.message ?? error) });
  });
});
server.listen(Number(process.env.PORT ?? 4242), '127.0.0.1', () => {
  process.stdout.write(`merchant server listening on http://127.0.0.1:${server.address().port}\n`);
});
