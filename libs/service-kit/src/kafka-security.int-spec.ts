import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { TOPIC_SPECS, Topics, defineCommand } from '@platform/contracts';
import { KafkaConnection, RpcClient, RpcServer } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { startScramBroker, type ScramBroker } from '@platform/testing';
import { BaseConfigSchema, loadConfig } from './config';
import { kafkaSettingsOf } from './kafka-security';

const Ping = defineCommand({ type: 'test.ping', topic: Topics.statusCommands, request: z.object({ n: z.number() }), reply: z.object({ n: z.number() }) });

/**
 * The platform on a broker that authenticates its clients with SASL SCRAM-SHA-256 (as MSK,
 * Confluent Cloud and Aiven do): the settings a service reads from its environment connect,
 * create topics, and carry a command and its reply through consumer groups; a wrong password
 * is refused by the broker.
 */
describe('Kafka with SASL SCRAM', () => {
  const logger = createLogger('kafka-sasl-it', 'fatal');
  let broker: ScramBroker;
  const connections: KafkaConnection[] = [];

  const connect = (password: string, clientId: string) => {
    const config = loadConfig('sasl-it', BaseConfigSchema, {
      KAFKA_BROKERS: broker.brokers,
      KAFKA_TOPIC_PREFIX: `sasl-${randomUUID().slice(0, 8)}.`,
      KAFKA_SASL_MECHANISM: 'scram-sha-256',
      KAFKA_SASL_USERNAME: broker.user.username,
      KAFKA_SASL_PASSWORD: password,
    });
    const connection = new KafkaConnection(kafkaSettingsOf(config, clientId), logger);
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    broker = await startScramBroker();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    await broker?.stop();
  });

  it('creates the topics and answers a command through consumer groups, authenticated', async () => {
    const kafka = connect(broker.user.password, 'sasl-service');
    await kafka.ensureTopics(TOPIC_SPECS);
    const server = new RpcServer(kafka, 'status.commands', logger);
    server.handle(Ping, async (request) => ({ n: request.n + 1 }));
    const client = new RpcClient(kafka, logger);
    await server.start();
    await client.start();
    try {
      await expect(client.request(Ping, { n: 41 }, { timeoutMs: 20_000 })).resolves.toEqual({ n: 42 });
    } finally {
      await client.stop();
      await server.stop();
    }
  });

  it('is refused with a wrong password, before any topic is touched', async () => {
    const intruder = connect('not-the-password', 'sasl-intruder');
    await expect(intruder.ensureTopics(TOPIC_SPECS)).rejects.toThrow(/SASL SCRAM SHA256 authentication failed|Authentication failed/i);
  });
});
