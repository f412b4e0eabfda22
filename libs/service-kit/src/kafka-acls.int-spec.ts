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
const Intruding = defineCommand({ type: 'test.intruding', topic: Topics.ordersCommands, request: z.object({}), reply: z.object({}) });

/**
 * The ACLs of docs/kafka-acls.md (KAFKA_ACCESS) on a broker that enforces them: with exactly
 * those grants the gateway's principal sends a payouts command and reads its reply, payouts'
 * principal serves it in its group, both pass the production topic check; a topic outside a
 * principal's grants is refused.
 */
describe('Kafka ACLs per principal', () => {
  const logger = createLogger('kafka-acl-it', 'fatal');
  const prefix = `acl-${randomUUID().slice(0, 8)}.`;
  const users = { gateway: { username: 'gateway', password: `gw-${randomUUID()}` }, payouts: { username: 'payouts', password: `po-${randomUUID()}` } };
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
        acl: [...aclBindings('User:gateway', KAFKA_ACCESS.gateway!, prefix), ...aclBindings('User:payouts', KAFKA_ACCESS.payouts!, prefix)],
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

  it('refuses a principal a topic outside its grants', async () => {
    const payouts = connectAs(users.payouts, 'payouts-intruding');
    const producer = await payouts.producer();
    await expect(producer.send({ topic: payouts.topic(Intruding.topic), messages: [{ value: '{}' }] })).rejects.toThrow(/Not authorized to access topics/);
  });
});
