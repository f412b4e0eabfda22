import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { ApiError, Errors, PanelInviteUser } from '@platform/contracts';
import { KafkaConnection, RpcServer, type CommandContext } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { queryRows } from '@platform/persistence';
import { startService, type RunningService } from '@platform/service-kit';
import { OperatorClient, freePortBase, recordRunTopicPrefix, testInfrastructure } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { GATEWAY_SERVICE } from '../gateway.service';

type Invitation = z.infer<typeof PanelInviteUser.request>;

/**
 * POST /admin/v1/merchants/{code}/users on the gateway as main.ts starts it (HTTP, real Postgres
 * and Kafka), with a stand-in for the merchant panel serving panel.commands.v1 in the panel's group.
 */
describe('operator invitation of a merchant panel user', () => {
  const logger = createLogger('invite-it', 'warn');
  const topicPrefix = `it-gateway-invite-${randomUUID().slice(0, 8)}.`;
  recordRunTopicPrefix(topicPrefix);
  const received: { request: Invitation; context: CommandContext }[] = [];
  let gateway: RunningService;
  let operator: OperatorClient;
  let kafka: KafkaConnection;
  let panel: RpcServer;
  let merchantCode: string;
  let firstOutboxSeq: string;

  /** A new group reads from the newest offset once it fetches: commands may be sent only then. */
  const fetching = (server: RpcServer) =>
    new Promise<void>((resolve) => {
      const consumer = (server as unknown as { consumer: Consumer }).consumer;
      const off = consumer.on(consumer.events.FETCH_START, () => {
        off();
        resolve();
      });
    });

  beforeAll(async () => {
    const port = await freePortBase([0]);
    gateway = await startService(GATEWAY_SERVICE, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: testInfrastructure.adminDatabaseUrl,
      KAFKA_BROKERS: testInfrastructure.kafkaBrokers,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      KAFKA_FETCH_MAX_WAIT_MS: '500',
      KAFKA_SOLE_FETCH_MAX_WAIT_MS: '500',
      HTTP_HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_PREFIX: `rl-it-${randomUUID().slice(0, 8)}`,
    });
    const [last] = await queryRows<{ seq: string }>(gateway.app.get(DataSource), 'SELECT coalesce(max(seq), 0)::text AS seq FROM gateway.outbox');
    firstOutboxSeq = last!.seq;
    operator = new OperatorClient(gateway.url);
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: 'panel-it', topicPrefix, fetchMaxWaitMs: 500 }, logger);
    panel = new RpcServer(kafka, 'panel.commands', logger);
    panel.handle(PanelInviteUser, async (request, context) => {
      received.push({ request, context });
      if (request.email === 'taken@shop.example') throw new ApiError(Errors.ResourceStateConflict, 'This address already has a user of the merchant');
      return { user_id: randomUUID(), email: request.email, role: request.role, invited_at: new Date().toISOString() };
    });
    await panel.start();
    await fetching(panel);
    const created = await operator.call('POST', '/admin/v1/merchants', { name: 'Invite Shop', base_currency: 'TRY' });
    merchantCode = created.body.merchant_code;
  });

  afterAll(async () => {
    await panel?.stop();
    await kafka?.close();
    if (gateway) {
      await gateway.app.get(DataSource).query('DELETE FROM gateway.outbox WHERE seq > $1', [firstOutboxSeq]);
      await gateway.app.close();
    }
  });

  it('asks the panel to invite the address as the operator and answers 201 with its reply', async () => {
    // A support operator's own token: the invitation and the audit name it (a self-chosen X-Operator-Id is not believed).
    const name = `alice-${randomUUID().slice(0, 8)}`;
    const token = (await operator.call('POST', '/admin/v1/operator-tokens', { name, role: 'support' })).body.token as string;
    const response = await fetch(`${gateway.url}/admin/v1/merchants/${merchantCode}/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-operator-id': 'mallory' },
      body: JSON.stringify({ email: 'dev@shop.example', role: 'developer' }),
    });
    const body = await response.json();
    expect(response.status).toBe(201);
    expect(body).toEqual({ user_id: expect.any(String), email: 'dev@shop.example', role: 'developer', invited_at: expect.any(String) });
    expect(received.map((r) => r.request)).toEqual([
      { merchant_code: merchantCode, email: 'dev@shop.example', role: 'developer', invited_by: `token:${name}` },
    ]);
    expect(received[0]!.context.correlationId).toBe(response.headers.get('x-correlation-id'));

    // The panel announces the invitation from the transaction that makes the user (the merchant
    // panel's e2e walk reads it back); the gateway no longer writes an entry of its own after the answer.
    const audit = await operator.call('GET', `/admin/v1/audit-log?target=${merchantCode}&action=merchant_user.invite`);
    expect(audit.body.data).toEqual([]);
  });

  it.each([
    [{ email: 'not-an-address', role: 'owner' }, 'email'],
    [{ email: 'dev@shop.example', role: 'admin' }, 'role'],
    [{ email: 'dev@shop.example' }, 'role'],
    [{ email: 'dev@shop.example', role: 'viewer', merchant_code: 'MRC-000001' }, 'merchant_code'],
  ])('refuses %j with 422 1000001 naming %s, and asks the panel nothing', async (payload, field) => {
    const before = received.length;
    const response = await operator.call('POST', `/admin/v1/merchants/${merchantCode}/users`, payload);
    expect([response.status, response.body.code, Object.keys(response.body.errors)]).toEqual([422, '1000001', [field]]);
    expect(received).toHaveLength(before);
  });

  it('answers an unknown merchant 404 1000011 without asking the panel', async () => {
    const before = received.length;
    const response = await operator.call('POST', '/admin/v1/merchants/MRC-000000/users', { email: 'dev@shop.example', role: 'owner' });
    expect([response.status, response.body.code]).toEqual([404, '1000011']);
    expect(received).toHaveLength(before);
  });

  it('passes the panel’s refusal through (an address that already has a user is 409 1000012)', async () => {
    const response = await operator.call('POST', `/admin/v1/merchants/${merchantCode}/users`, { email: 'taken@shop.example', role: 'viewer' });
    expect([response.status, response.body.code, response.body.detail]).toEqual([409, '1000012', 'This address already has a user of the merchant']);
  });

  it('answers 503 1000009 once the command times out when no panel runs, never hanging', async () => {
    await panel.stop();
    const started = Date.now();
    const response = await operator.call('POST', `/admin/v1/merchants/${merchantCode}/users`, { email: 'late@shop.example', role: 'viewer' });
    expect([response.status, response.body.code]).toEqual([503, '1000009']);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
