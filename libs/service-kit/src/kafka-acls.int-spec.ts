import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { z } from 'zod';
import { TOPIC_SPECS, Topics, defineCommand } from '@platform/contracts';
import { KAFKA_ACCESS, KafkaConnection, RpcClient, RpcServer, aclBindings } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { startScramBroker, type ScramBroker } from '@platform/testing';
import { BaseConfigSchema, loadConfig } from './config';
import { kafkaSettingsOf } from './kafka-security';

const Quote = defineCommand({
  type: 'test.withdrawal-quote',
  topic: Topics.payoutsCommands,
  request: z.object({ amount: z.string() }),
  reply: z.object({ amount: z.string() }),
});
/** An operator's decision, as the operator commands topics carry them. */
const Decision = defineCommand({
  type: 'test.withdrawal-decision',
  topic: Topics.payoutsOperatorCommands,
  request: z.object({ id: z.string(), operator: z.string() }),
  reply: z.object({ decided_by: z.string() }),
});
/** The same command type dressed as one on the topic the panel may write. */
const DisguisedDecision = defineCommand({ ...Decision, topic: Topics.payoutsCommands });
const Intruding = defineCommand({ type: 'test.intruding', topic: Topics.ordersCommands, request: z.object({}), reply: z.object({}) });
const ConsoleCall = defineCommand({
  type: 'test.console-call',
  topic: Topics.gatewayCommands,
  request: z.object({ n: z.number() }),
  reply: z.object({ n: z.number() }),
});
const Invitation = defineCommand({
  type: 'test.invitation',
  topic: Topics.panelCommands,
  request: z.object({ email: z.string() }),
  reply: z.object({ email: z.string() }),
});

/**
 * The ACLs of docs/kafka-acls.md (KAFKA_ACCESS) on a broker that enforces them: with exactly
 * those grants the gateway's principal sends a payouts command and reads its reply, payouts'
 * principal serves it in its group, both pass the production topic check; the merchant panel and
 * the gateway call each other (console commands one way, invitations the other); a topic outside
 * a principal's grants is refused.
 */
describe('Kafka ACLs per principal', () => {
  const logger = createLogger('kafka-acl-it', 'fatal');
  const prefix = `acl-${randomUUID().slice(0, 8)}.`;
  const users = {
    gateway: { username: 'gateway', password: `gw-${randomUUID()}` },
    payouts: { username: 'payouts', password: `po-${randomUUID()}` },
    panel: { username: 'panel', password: `pn-${randomUUID()}` },
  };
  let broker: ScramBroker;
  const connections: KafkaConnection[] = [];

  const connectAs = (user: { username: string; password: string }, clientId: string) => {
    const config = loadConfig('acl-it', BaseConfigSchema, {
      KAFKA_BROKERS: broker.brokers,
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_SASL_MECHANISM: 'scram-sha-256',
      KAFKA_SASL_USERNAME: user.username,
      KAFKA_SASL_PASSWORD: user.password,
    });
    const connection = new KafkaConnection(kafkaSettingsOf(config, clientId), logger);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    broker = await startScramBroker({ users: Object.values(users), enforceAcls: true });
    // The topics Job's work, as the broker's administrator, then the grants of each principal.
    const admin = new Kafka({
      brokers: [broker.brokers],
      clientId: 'acl-admin',
      logLevel: logLevel.NOTHING,
      sasl: { mechanism: 'scram-sha-256', ...broker.admin },
    }).admin();
    await admin.connect();
    try {
      const provisioner = connectAs(broker.admin, 'acl-topics');
      await provisioner.ensureTopics(TOPIC_SPECS);
      await admin.createAcls({
        acl: [
          ...aclBindings('User:gateway', KAFKA_ACCESS.gateway!, prefix),
          ...aclBindings('User:payouts', KAFKA_ACCESS.payouts!, prefix),
          ...aclBindings('User:panel', KAFKA_ACCESS.panel!, prefix),
        ],
      });
    } finally {
      await admin.disconnect();
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await broker?.stop();
  });

  it('lets the gateway send a payouts command and payouts answer it, each with only its own grants', async () => {
    const payouts = connectAs(users.payouts, 'payouts');
    const gateway = connectAs(users.gateway, 'gateway');
    await payouts.verifyTopics(TOPIC_SPECS);
    await gateway.verifyTopics(TOPIC_SPECS);
    const server = new RpcServer(payouts, 'payouts.commands', logger);
    server.handle(Quote, async (request) => ({ amount: request.amount }));
    const client = new RpcClient(gateway, logger);
    await server.start();
    await client.start();
    try {
      await expect(client.request(Quote, { amount: '10.00' }, { timeoutMs: 20_000 })).resolves.toEqual({ amount: '10.00' });
    } finally {
      await client.stop();
      await server.stop();
    }
  });

  it('lets the panel call the gateway and the gateway call the panel, each serving in its own group', async () => {
    // The client id is the app's name, as in production: reply groups fall under `rpc-replies.<app>.`.
    const gateway = connectAs(users.gateway, 'gateway');
    const panel = connectAs(users.panel, 'panel');
    await panel.verifyTopics(TOPIC_SPECS);
    const gatewayServer = new RpcServer(gateway, 'gateway.commands', logger);
    gatewayServer.handle(ConsoleCall, async (request) => ({ n: request.n + 1 }));
    const panelServer = new RpcServer(panel, 'panel.commands', logger);
    panelServer.handle(Invitation, async (request) => ({ email: request.email }));
    const gatewayClient = new RpcClient(gateway, logger);
    const panelClient = new RpcClient(panel, logger);
    await Promise.all([gatewayServer.start(), panelServer.start(), gatewayClient.start(), panelClient.start()]);
    try {
      await expect(panelClient.request(ConsoleCall, { n: 1 }, { timeoutMs: 20_000 })).resolves.toEqual({ n: 2 });
      await expect(gatewayClient.request(Invitation, { email: 'a@shop.example' }, { timeoutMs: 20_000 })).resolves.toEqual({ email: 'a@shop.example' });
    } finally {
      await Promise.all([gatewayClient.stop(), panelClient.stop(), gatewayServer.stop(), panelServer.stop()]);
    }
  });

  it('refuses the panel a topic outside its grants (the gateway publishes merchant settings, not the panel)', async () => {
    const panel = connectAs(users.panel, 'panel-intruding');
    const producer = await panel.producer();
    await expect(producer.send({ topic: panel.topic(Topics.merchantSettings), messages: [{ key: 'x', value: '{}' }] })).rejects.toThrow(
      /Not authorized to access topics/,
    );
  });

  it('refuses a principal a topic outside its grants', async () => {
    const payouts = connectAs(users.payouts, 'payouts-intruding');
    const producer = await payouts.producer();
    await expect(producer.send({ topic: payouts.topic(Intruding.topic), messages: [{ value: '{}' }] })).rejects.toThrow(/Not authorized to access topics/);
  });

  it('takes an operator decision only from the operator topic, which the panel may not write', async () => {
    const payouts = connectAs(users.payouts, 'payouts');
    const gateway = connectAs(users.gateway, 'gateway');
    const panel = connectAs(users.panel, 'panel');
    const decided: string[] = [];
    const server = new RpcServer(payouts, 'payouts.commands', logger);
    server.handle(Quote, async (request) => ({ amount: request.amount }));
    server.handle(Decision, async (request) => {
      decided.push(request.operator);
      return { decided_by: request.operator };
    });
    const gatewayClient = new RpcClient(gateway, logger);
    const panelClient = new RpcClient(panel, logger);
    await Promise.all([server.start(), gatewayClient.start(), panelClient.start()]);
    try {
      const producer = await panel.producer();
      await expect(
        producer.send({ topic: panel.topic(Topics.payoutsOperatorCommands), messages: [{ value: '{"id":"w1","operator":"console:1 a@ops"}' }] }),
      ).rejects.toThrow(/Not authorized to access topics/);
      await expect(panelClient.request(DisguisedDecision, { id: 'w1', operator: 'console:1 a@ops' }, { timeoutMs: 20_000 })).rejects.toMatchObject({
        code: '0055502',
      });
      await expect(gatewayClient.request(Decision, { id: 'w1', operator: 'token:ops' }, { timeoutMs: 20_000 })).resolves.toEqual({ decided_by: 'token:ops' });
      expect(decided).toEqual(['token:ops']);
    } finally {
      await Promise.all([gatewayClient.stop(), panelClient.stop(), server.stop()]);
    }
  });
});
