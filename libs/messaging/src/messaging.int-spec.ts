import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes, Kafka, KafkaJSNonRetriableError, type Consumer, type EachMessageHandler } from 'kafkajs';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ApiError, CARD_DATA_TOPIC_CONFIG, REPLY_PARTITIONS, TOPIC_SPECS, Topics, defineCommand, defineEvent } from '@platform/contracts';
import { createLogger } from '@platform/observability';
import {
  createServiceDataSource,
  ensureDatabase,
  messagingTablesUp,
  parkedEventsKeyedByMessageUp,
  parkedEventsTableUp,
  provisionServiceSchema,
  queryRows,
  serviceDatabaseUrl,
} from '@platform/persistence';
import { recordRunTopicPrefix, testInfrastructure } from '@platform/testing';
import { EventConsumer, PARK_AFTER_FAILURES, type ParkedEvent } from './event-consumer';
import { KafkaEventPublisher, type EventPublisher, type OutboxRecord } from './event-publisher';
import { Headers } from './headers';
import { KafkaConnection } from './kafka-connection';
import type { TopicSettings } from './topic-plan';
import { OutboxRelay } from './outbox-relay';
import { OutboxWriter } from './outbox';
import { RpcClient } from './rpc-client';
import { RpcServer } from './rpc-server';

/**
 * The messaging library on the real broker and database: request-reply, the outbox
 * relay and the inbox. Each run uses a topic prefix and a schema of its own.
 */
const SCHEMA = 'messaging_it';
const logger = createLogger('messaging-it', 'warn');
const run = randomUUID().slice(0, 8);
for (const prefix of ['it-', 'it-old-', 'it-plan-', 'share-a-', 'share-b-']) recordRunTopicPrefix(`${prefix}${run}.`);

const Echo = defineCommand({
  type: 'test.echo',
  topic: Topics.ordersCommands,
  request: z.object({ text: z.string() }),
  reply: z.object({ echoed: z.string(), merchant: z.string().nullable() }),
});
const Refuse = defineCommand({
  type: 'test.refuse',
  topic: Topics.ordersCommands,
  request: z.object({}),
  reply: z.object({}),
});
const Slow = defineCommand({
  type: 'test.slow',
  topic: Topics.ordersCommands,
  request: z.object({}),
  reply: z.object({}),
});
/** No server in this suite answers it: the test plays a server of an earlier release. */
const Unserved = defineCommand({
  type: 'test.unserved',
  topic: Topics.disputesCommands,
  request: z.object({}),
  reply: z.object({ from: z.string() }),
});
const Credited = defineEvent({
  type: 'test.credited',
  topic: Topics.paymentsEvents,
  payload: z.object({ account: z.string(), cents: z.number().int() }),
});

const connections: KafkaConnection[] = [];

function connection(name: string): KafkaConnection {
  const created = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `${name}-${run}`, topicPrefix: `it-${run}.` }, logger);
  connections.push(created);
  return created;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('messaging on real Kafka and Postgres', () => {
  let kafka: KafkaConnection;
  let dataSource: DataSource;

  beforeAll(async () => {
    kafka = connection('it');
    await kafka.ensureTopics(TOPIC_SPECS);
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, SCHEMA);
    dataSource = createServiceDataSource({
      url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, SCHEMA),
      schema: SCHEMA,
      migrations: [],
    });
    await dataSource.initialize();
    await dataSource.query(`DROP TABLE IF EXISTS ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.credits, ${SCHEMA}.parked_events`);
    for (const statement of [...messagingTablesUp(SCHEMA), ...parkedEventsTableUp(SCHEMA), ...parkedEventsKeyedByMessageUp(SCHEMA)])
      await dataSource.query(statement);
    await dataSource.query(`CREATE TABLE ${SCHEMA}.credits (account text PRIMARY KEY, cents bigint NOT NULL)`);
  });

  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await dataSource?.destroy();
  });

  describe('topic settings', () => {
    const admin = new Kafka({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `it-admin-${run}`, logLevel: 0 }).admin();
    beforeAll(() => admin.connect());
    afterAll(() => admin.disconnect());

    const settings = async (topic: string) => {
      const described = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms', 'segment.ms'] }],
      });
      return Object.fromEntries(described.resources[0]!.configEntries.map((entry) => [entry.configName, entry.configValue]));
    };

    it('keeps sealed card data on the command topics for minutes, not for days as the broker default', async () => {
      expect(await settings(`it-${run}.${Topics.ordersCommands}`)).toEqual(CARD_DATA_TOPIC_CONFIG);
      expect(await settings(`it-${run}.${Topics.paymentsCommands}`)).toEqual(CARD_DATA_TOPIC_CONFIG);
      expect(CARD_DATA_TOPIC_CONFIG['retention.ms']).toBe('600000');
      // Commands without card data are kept an hour, events two weeks (replays), replies ten minutes.
      expect((await settings(`it-${run}.${Topics.ledgerCommands}`))['retention.ms']).toBe(String(60 * 60_000));
      expect((await settings(`it-${run}.${Topics.paymentsEvents}`))['retention.ms']).toBe(String(14 * 24 * 60 * 60_000));
      expect((await settings(`it-${run}.${Topics.rpcReplies}`))['retention.ms']).toBe(String(10 * 60_000));
    });

    it('applies the setting to a topic that existed without it, keeping compaction where the spec asks for it', async () => {
      const prefix = `it-old-${run}.`;
      await admin.createTopics({ waitForLeaders: true, topics: [{ topic: `${prefix}${Topics.ordersCommands}`, numPartitions: 3 }] });
      expect((await settings(`${prefix}${Topics.ordersCommands}`))['retention.ms']).not.toBe('600000');
      const upgraded = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `old-${run}`, topicPrefix: prefix }, logger);
      connections.push(upgraded);
      await upgraded.ensureTopics(TOPIC_SPECS);
      expect(await settings(`${prefix}${Topics.ordersCommands}`)).toEqual(CARD_DATA_TOPIC_CONFIG);
      const compacted = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: `${prefix}${Topics.merchantSettings}`, configNames: ['cleanup.policy'] }],
      });
      expect(compacted.resources[0]!.configEntries[0]!.configValue).toBe('compact');
    });

    it('provisions as the deployment asks (partitions, retention), only ever adds partitions, and says what it changed', async () => {
      const prefix = `it-plan-${run}.`;
      const provisioner = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `plan-${run}`, topicPrefix: prefix }, logger);
      connections.push(provisioner);
      const plan = (events: number): TopicSettings => ({
        replicationFactor: 1,
        partitions: { events, commands: 2 },
        retentionMs: { commands: 30 * 60_000, replies: 5 * 60_000, events: 3 * 24 * 60 * 60_000 },
      });
      const partitions = async (topic: string) => (await admin.fetchTopicMetadata({ topics: [`${prefix}${topic}`] })).topics[0]!.partitions.length;

      const first = await provisioner.ensureTopics(TOPIC_SPECS, plan(5));
      expect(first.every((topic) => topic.created)).toBe(true);
      expect(await partitions(Topics.paymentsEvents)).toBe(5);
      // Never fewer than the spec's own count, and reference topics stay single and in order.
      expect(await partitions(Topics.ledgerCommands)).toBe(3);
      expect(await partitions(Topics.merchantSettings)).toBe(1);
      expect((await settings(`${prefix}${Topics.paymentsEvents}`))['retention.ms']).toBe(String(3 * 24 * 60 * 60_000));
      expect((await settings(`${prefix}${Topics.ledgerCommands}`))['retention.ms']).toBe(String(30 * 60_000));
      // Card data keeps its shorter retention whatever the deployment asks.
      expect(await settings(`${prefix}${Topics.ordersCommands}`)).toEqual(CARD_DATA_TOPIC_CONFIG);

      const again = await provisioner.ensureTopics(TOPIC_SPECS, plan(5));
      expect(again.filter((topic) => topic.created || topic.partitionsAdded || topic.settingsChanged)).toEqual([]);
      const grown = await provisioner.ensureTopics(TOPIC_SPECS, plan(8));
      expect(grown.filter((topic) => topic.partitionsAdded).map((topic) => topic.topic)).toEqual(
        [Topics.paymentsEvents, Topics.ordersEvents, Topics.disputesEvents, Topics.operatorActions, Topics.panelInvitations, Topics.sandboxWebhooks].map(
          (topic) => `${prefix}${topic}`,
        ),
      );
      expect(await partitions(Topics.ordersEvents)).toBe(8);
      await provisioner.ensureTopics(TOPIC_SPECS, plan(4));
      expect(await partitions(Topics.ordersEvents)).toBe(8);
    });

    it('lets a production app only verify its topics, naming every one that is missing', async () => {
      const fresh = new KafkaConnection(
        { brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `verify-${run}`, topicPrefix: `it-none-${run}.` },
        logger,
      );
      connections.push(fresh);
      await expect(fresh.verifyTopics(TOPIC_SPECS)).rejects.toThrow(
        `Kafka topics missing: it-none-${run}.${Topics.ordersCommands}, it-none-${run}.${Topics.statusCommands}`,
      );
      await expect(fresh.verifyTopics(TOPIC_SPECS)).rejects.toThrow('npm run topics');
      await expect(kafka.verifyTopics(TOPIC_SPECS)).resolves.toBeUndefined();
    });
  });

  describe('request-reply', () => {
    let server: RpcServer;
    let client: RpcClient;

    beforeAll(async () => {
      server = new RpcServer(connection('server'), `it-${run}.orders`, logger);
      server.handle(Echo, async (request, context) => ({ echoed: request.text, merchant: context.caller?.merchantCode ?? null }));
      server.handle(Refuse, async () => {
        throw new ApiError('0055233', 'no such BIN here');
      });
      server.handle(Slow, () => new Promise((resolve) => setTimeout(() => resolve({}), 3000)));
      await server.start();
      client = new RpcClient(connection('client'), logger);
      await client.start();
    });

    afterAll(async () => {
      await client?.stop();
      await server?.stop();
    });

    it('gets the reply of a command, with the caller it was sent for', async () => {
      const reply = await client.request(
        Echo,
        { text: 'hello' },
        { correlationId: 'it-corr-1', caller: { merchantCode: 'MRC-123456', environment: 'sandbox' } },
      );
      expect(reply).toEqual({ echoed: 'hello', merchant: 'MRC-123456' });
    });

    it('matches many concurrent replies to their own requests', async () => {
      const texts = Array.from({ length: 50 }, (_, i) => `message-${i}`);
      const replies = await Promise.all(texts.map((text) => client.request(Echo, { text }, { correlationId: `c-${text}` })));
      expect(replies.map((reply) => reply.echoed)).toEqual(texts);
    });

    it('turns a domain error of the handler into the same ApiError at the caller', async () => {
      await expect(client.request(Refuse, {}, { correlationId: 'it-corr-2' })).rejects.toMatchObject({
        code: '0055233',
        status: 409,
        detail: 'no such BIN here',
      });
    });

    it("puts each app's replies on its own partition of the reply topic, which its instances alone read (ADR 0041)", async () => {
      const asGateway = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: 'gateway', topicPrefix: `it-${run}.` }, logger);
      connections.push(asGateway);
      const gateway = new RpcClient(asGateway, logger);
      await gateway.start();
      const admin = connection('offsets').kafka.admin();
      await admin.connect();
      try {
        const ends = async () => new Map((await admin.fetchTopicOffsets(`it-${run}.${Topics.rpcReplies}`)).map((end) => [end.partition, Number(end.high)]));
        const before = await ends();
        expect(before.size).toBe(1 + Object.keys(REPLY_PARTITIONS).length);
        const texts = Array.from({ length: 20 }, (_, i) => `gateway-${i}`);
        const replies = await Promise.all(texts.map((text) => gateway.request(Echo, { text }, { correlationId: `g-${text}` })));
        expect(replies.map((reply) => reply.echoed)).toEqual(texts);
        // A client of no app (this suite's, tools') shares partition 0.
        expect((await client.request(Echo, { text: 'tool' }, {})).echoed).toBe('tool');
        const after = await ends();
        const grown = [...after]
          .filter(([partition, high]) => high > before.get(partition)!)
          .map(([partition, high]) => [partition, high - before.get(partition)!])
          .sort(([a], [b]) => a! - b!);
        expect(grown).toEqual([
          [0, 1],
          [REPLY_PARTITIONS.gateway, 20],
        ]);
      } finally {
        await admin.disconnect();
        await gateway.stop();
      }
    });

    it('keeps replies flowing while a deployment upgrades from before ADR 0041', async () => {
      const admin = connection('upgrade-offsets').kafka.admin();
      await admin.connect();
      const replyTopic = `it-${run}.${Topics.rpcReplies}`;
      const ends = async () => new Map((await admin.fetchTopicOffsets(replyTopic)).map((end) => [end.partition, Number(end.high)]));
      // The first release reads the whole topic: a server not yet upgraded replies by its key's hash.
      const firstRelease = new KafkaConnection(
        { brokers: testInfrastructure.kafkaBrokers.split(','), clientId: 'gateway', topicPrefix: `it-${run}.`, repliesOnOwnPartition: false },
        logger,
      );
      connections.push(firstRelease);
      const sentIds: string[] = [];
      const send = firstRelease.send.bind(firstRelease);
      firstRelease.send = (topic, message) => {
        sentIds.push(String((message.headers as Record<string, string>)[Headers.rpcId]));
        return send(topic, message);
      };
      const caller = new RpcClient(firstRelease, logger);
      await caller.start();
      try {
        const answered = caller.request(Unserved, {}, { correlationId: 'upgrade-1' });
        await waitFor(async () => (sentIds.length > 0 ? true : undefined));
        await connection('old-server').send(replyTopic, {
          partition: 4,
          key: sentIds[0]!,
          value: JSON.stringify({ ok: true, result: { from: 'an old server' } }),
          headers: { [Headers.rpcId]: sentIds[0]! },
        });
        await expect(answered).resolves.toEqual({ from: 'an old server' });

        // Callers not yet upgraded name no partition: an upgraded server answers on 0, which they knew at start.
        const before = await ends();
        const oldCaller = connection('old-caller');
        const commands = 16;
        for (let i = 0; i < commands; i += 1) {
          const rpcId = randomUUID();
          await oldCaller.send(`it-${run}.${Topics.ordersCommands}`, {
            key: rpcId,
            value: JSON.stringify({ text: `from an old caller ${i}` }),
            headers: {
              [Headers.rpcId]: rpcId,
              [Headers.rpcType]: Echo.type,
              [Headers.replyTopic]: replyTopic,
              [Headers.deadline]: String(Date.now() + 10_000),
            },
          });
        }
        const grown = (now: Map<number, number>) =>
          [...now].filter(([partition, high]) => high > before.get(partition)!).map(([partition, high]) => [partition, high - before.get(partition)!]);
        const after = await waitFor(async () => {
          const now = await ends();
          return grown(now).reduce((total, [, count]) => total + count!, 0) >= commands ? now : undefined;
        });
        expect(grown(after)).toEqual([[0, commands]]);
      } finally {
        await caller.stop();
        await admin.disconnect();
      }
    });

    it('answers 1000009 when the service does not reply in time', async () => {
      await expect(client.request(Slow, {}, { correlationId: 'it-corr-3', timeoutMs: 500 })).rejects.toMatchObject({
        code: '1000009',
        status: 503,
      });
    });
  });

  describe('two stacks on one broker', () => {
    it('keeps each stack on its own partitions: consumers of the same name with different prefixes are different groups', async () => {
      const stack = (name: string) =>
        new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `share-${run}`, topicPrefix: `share-${name}-${run}.` }, logger);
      const [first, second] = [stack('a'), stack('b')];
      connections.push(first, second);
      await Promise.all([first.ensureTopics(TOPIC_SPECS), second.ensureTopics(TOPIC_SPECS)]);
      const applied: Record<'first' | 'second', string[]> = { first: [], second: [] };
      const consumers = (['first', 'second'] as const).map((name) => {
        // The same logical consumer, as the same service of two stacks names it.
        const consumer = new EventConsumer(name === 'first' ? first : second, dataSource, SCHEMA, `ledger.events.${run}`, logger);
        consumer.on(Credited, async (event) => void applied[name].push(event.payload.account));
        return consumer;
      });
      try {
        await Promise.all(consumers.map((consumer) => consumer.start()));
        const accounts = Array.from({ length: 12 }, (_, i) => `share-${i}-${randomUUID()}`);
        const publisher = new KafkaEventPublisher(first);
        await publisher.publish(
          accounts.map((account, seq) => ({
            seq: String(seq),
            event_id: randomUUID(),
            topic: Credited.topic,
            message_key: account,
            event_type: Credited.type,
            payload: { account, cents: 1 },
            headers: {},
            occurred_at: new Date(),
          })),
        );
        await waitFor(async () => (applied.first.length === accounts.length ? true : undefined), 30000);
        expect(applied.first.sort()).toEqual([...accounts].sort());
        expect(applied.second).toEqual([]);
      } finally {
        await Promise.all(consumers.map((consumer) => consumer.stop()));
      }
    });
  });

  /** Runs `consumer` on the payment events from their end and resolves once it has joined its group. */
  async function runOnPaymentEvents(consumer: Consumer, eachMessage: EachMessageHandler): Promise<void> {
    const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
    await consumer.connect();
    await consumer.subscribe({ topic: kafka.topic(Topics.paymentsEvents), fromBeginning: false });
    await consumer.run({ eachMessage });
    await joined;
  }

  describe('idle consumers', () => {
    /** A member of a shared group and a consumer alone in its group, both idle for `ms` once running: what each sent. */
    async function idleSideBySide(connection: KafkaConnection, name: string, ms: number) {
      const observed = async (consumer: Consumer) => {
        const seen = { heartbeats: 0, fetches: 0, joins: 0 };
        consumer.on(consumer.events.HEARTBEAT, () => (seen.heartbeats += 1));
        consumer.on(consumer.events.FETCH, () => (seen.fetches += 1));
        consumer.on(consumer.events.GROUP_JOIN, () => (seen.joins += 1));
        await runOnPaymentEvents(consumer, async () => undefined);
        Object.assign(seen, { heartbeats: 0, fetches: 0 });
        return seen;
      };
      const member = connection.consumer(`${name}-member.${run}`);
      const sole = connection.soleConsumer(`${name}-sole.${run}.${randomUUID()}`);
      try {
        const [asMember, alone] = await Promise.all([observed(member), observed(sole)]);
        await new Promise((resolve) => setTimeout(resolve, ms));
        return { asMember: { ...asMember }, alone: { ...alone } };
      } finally {
        await Promise.all([member.disconnect(), sole.disconnect()]);
      }
    }

    it('heartbeats a consumer alone in its group a third as often as a member of a shared one, and keeps it in its group', async () => {
      const { asMember, alone } = await idleSideBySide(kafka, 'heartbeat', 7000);
      // Idle, each fetch waits 500 ms at the broker: a member heartbeats after every second fetch.
      expect(asMember.heartbeats).toBeGreaterThanOrEqual(5);
      expect(alone.heartbeats).toBeGreaterThanOrEqual(1);
      expect(alone.heartbeats).toBeLessThanOrEqual(3);
      expect(alone.joins).toBe(1);
    });

    it('lets a consumer alone in its group wait longer at the broker than a member, and keeps it in its group', async () => {
      const longWaits = new KafkaConnection({ ...kafka.settings, clientId: `sole-wait-${run}`, soleFetchMaxWaitMs: 2500 }, logger);
      connections.push(longWaits);
      const { asMember, alone } = await idleSideBySide(longWaits, 'fetch', 7500);
      // Idle, a member's fetch ends after 500 ms at the broker, the lone consumer's after 2.5 s.
      expect(asMember.fetches).toBeGreaterThanOrEqual(9);
      expect(alone.fetches).toBeGreaterThanOrEqual(2);
      expect(alone.fetches).toBeLessThanOrEqual(4);
      expect(alone.joins).toBe(1);
    });
  });

  describe('a consumer that crashes', () => {
    it('runs again after a crash kafkajs does not restart, and reads the message it crashed on and what came meanwhile', async () => {
      const consumer = kafka.consumer(`crash.${run}`);
      const topic = kafka.topic(Topics.paymentsEvents);
      const marker = randomUUID();
      const seen: string[] = [];
      let crashOnFirst = true;
      const crashed = new Promise<boolean>((resolve) => consumer.on(consumer.events.CRASH, ({ payload }) => resolve(payload.restart)));
      try {
        await runOnPaymentEvents(consumer, async ({ message }) => {
          const value = message.value?.toString() ?? '';
          if (!value.endsWith(marker)) return;
          if (crashOnFirst && value.startsWith('first')) {
            crashOnFirst = false;
            // The class kafkajs gives "Failed to find group coordinator" after a broker restart.
            throw new KafkaJSNonRetriableError('a crash kafkajs does not restart after');
          }
          seen.push(value);
        });
        // A message read and committed first, so that the group resumes from an offset of its own.
        await kafka.send(topic, { key: marker, value: `zero ${marker}` });
        await waitFor(async () => (seen.length === 1 ? true : undefined), 30000);
        await kafka.send(topic, { key: marker, value: `first ${marker}` });
        expect(await crashed).toBe(false);
        await kafka.send(topic, { key: marker, value: `second ${marker}` });
        await waitFor(async () => (seen.length === 3 ? true : undefined), 30000);
        expect(seen).toEqual([`zero ${marker}`, `first ${marker}`, `second ${marker}`]);
      } finally {
        await consumer.disconnect();
      }
    }, 60_000);
  });

  describe('outbox and inbox', () => {
    const received: string[] = [];
    let consumer: EventConsumer;
    const registry = new Registry();
    // Accounts whose events fail until the "operator" fixes the cause.
    const broken = new Set<string>();

    beforeAll(async () => {
      consumer = new EventConsumer(connection('consumer'), dataSource, SCHEMA, `it-${run}.ledger`, logger, registry);
      consumer.on(Credited, async (event, tx) => {
        if (broken.has(event.payload.account)) throw new Error(`account ${event.payload.account} is not open yet`);
        received.push(event.eventId);
        await tx.query(
          `INSERT INTO ${SCHEMA}.credits (account, cents) VALUES ($1, $2)
           ON CONFLICT (account) DO UPDATE SET cents = credits.cents + EXCLUDED.cents`,
          [event.payload.account, event.payload.cents],
        );
      });
      await consumer.start();
    });

    afterAll(async () => {
      await consumer?.stop();
    });

    const writer = new OutboxWriter(SCHEMA);
    const balance = async (account: string) =>
      (await queryRows<{ cents: string }>(dataSource, `SELECT cents FROM ${SCHEMA}.credits WHERE account = $1`, [account]))[0]?.cents;

    /** Every parked event, read page by page as an operator would. */
    const everyParked = async (perPage = 100) => {
      const all: ParkedEvent[] = [];
      for (let page = 1; ; page++) {
        const { data, meta } = await consumer.parked({ page, perPage });
        all.push(...data);
        if (page >= meta.total_pages) return all;
      }
    };

    /** A poll slower than any wait below: what is published in time was published because the relay was told. */
    const NO_POLL = { pollIntervalMs: 600_000 };
    const credit = (account: string, cents: number) =>
      dataSource.transaction((tx) => writer.append(tx, { event: Credited, key: account, payload: { account, cents } }));

    it('delivers an event written in a transaction to its consumer as soon as it is committed', async () => {
      const relay = new OutboxRelay(dataSource, SCHEMA, new KafkaEventPublisher(kafka), logger, NO_POLL);
      await relay.start();
      try {
        const account = `acc-${randomUUID()}`;
        await credit(account, 250);
        expect(await waitFor(() => balance(account), 10_000)).toBe('250');
      } finally {
        await relay.stop();
      }
    });

    it('publishes a row committed while it was publishing the batch before, without waiting for the poll', async () => {
      let releaseFirst!: () => void;
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      let batches = 0;
      const publisher = new KafkaEventPublisher(kafka);
      const holdingFirst: EventPublisher = {
        publish: async (records) => {
          if (++batches === 1) await firstHeld;
          await publisher.publish(records);
        },
      };
      const relay = new OutboxRelay(dataSource, SCHEMA, holdingFirst, logger, NO_POLL);
      await relay.start();
      try {
        const [first, second] = [`acc-${randomUUID()}`, `acc-${randomUUID()}`];
        await credit(first, 1);
        await waitFor(async () => (batches === 1 ? true : undefined), 10_000);
        // Committed, and announced, while the relay is still publishing the first row.
        await credit(second, 2);
        await new Promise((resolve) => setTimeout(resolve, 300));
        releaseFirst();
        expect(await waitFor(() => balance(second), 10_000)).toBe('2');
        expect(await balance(first)).toBe('1');
      } finally {
        releaseFirst();
        await relay.stop();
      }
    });

    it('publishes a row committed while its listening connection was broken once the connection is back', async () => {
      const relay = new OutboxRelay(dataSource, SCHEMA, new KafkaEventPublisher(kafka), logger, NO_POLL);
      await relay.start();
      try {
        const signals = (relay as unknown as { signals: { listener?: { client: { processID: number } } } }).signals;
        const listenerPid = signals.listener!.client.processID;
        await dataSource.query('SELECT pg_terminate_backend($1)', [listenerPid]);
        await waitFor(async () => (signals.listener === undefined ? true : undefined), 10_000);
        // Nobody listens now: this commit's notification is lost.
        const account = `acc-${randomUUID()}`;
        await credit(account, 7);
        expect(await waitFor(() => balance(account), 10_000)).toBe('7');
        expect(signals.listener?.client.processID).not.toBe(listenerPid);
      } finally {
        await relay.stop();
      }
    });

    it('polls an idle outbox with one statement and no transaction, and publishes a row no notification announced', async () => {
      // Each poll is one of these: a transaction, or a statement outside any.
      const calls = { transactions: 0, statements: 0 };
      const counting = new Proxy(dataSource, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          if (property === 'transaction') calls.transactions += 1;
          if (property === 'query') calls.statements += 1;
          return value.bind(target);
        },
      });
      const relay = new OutboxRelay(counting, SCHEMA, new KafkaEventPublisher(kafka), logger, { pollIntervalMs: 100 });
      await relay.start();
      try {
        await waitFor(async () => (calls.transactions + calls.statements >= 8 ? true : undefined), 10_000);
        // The one transaction is the drain at start, which no timer woke.
        expect(calls.transactions).toBe(1);
        // Written without its notification, as a half-open listening connection would lose it.
        const account = `acc-${randomUUID()}`;
        await dataSource.transaction((tx) => {
          const withoutNotify = {
            query: (sql: string, parameters?: unknown[]) => (sql.includes('pg_notify') ? Promise.resolve([]) : tx.query(sql, parameters)),
          };
          return writer.append(withoutNotify, { event: Credited, key: account, payload: { account, cents: 9 } });
        });
        expect(await waitFor(() => balance(account), 10_000)).toBe('9');
        expect(calls.transactions).toBe(2);
      } finally {
        await relay.stop();
      }
    });

    it('publishes nothing for a transaction that rolled back', async () => {
      const account = `acc-${randomUUID()}`;
      await expect(
        dataSource.transaction(async (tx) => {
          await writer.append(tx, { event: Credited, key: account, payload: { account, cents: 1 } });
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      const rows = await queryRows(dataSource, `SELECT 1 FROM ${SCHEMA}.outbox WHERE message_key = $1`, [account]);
      expect(rows).toHaveLength(0);
    });

    it('applies an event delivered twice only once', async () => {
      const account = `acc-${randomUUID()}`;
      const eventId = randomUUID();
      const record: OutboxRecord = {
        seq: '0',
        event_id: eventId,
        topic: Credited.topic,
        message_key: account,
        event_type: Credited.type,
        payload: { account, cents: 700 },
        headers: {},
        occurred_at: new Date(),
      };
      const publisher = new KafkaEventPublisher(kafka);
      await publisher.publish([record]);
      await publisher.publish([record]);
      expect(await waitFor(() => balance(account))).toBe('700');
      await waitFor(async () => (received.filter((id) => id === eventId).length === 1 ? true : undefined));
      // A later event on the same partition proves the duplicate was read and passed over.
      const marker = `acc-${randomUUID()}`;
      await publisher.publish([{ ...record, event_id: randomUUID(), message_key: account, payload: { account: marker, cents: 1 } }]);
      await waitFor(() => balance(marker));
      expect(await balance(account)).toBe('700');
      expect(received.filter((id) => id === eventId)).toHaveLength(1);
    });

    it('loses nothing when the relay crashes between publishing and marking the batch', async () => {
      const account = `acc-${randomUUID()}`;
      await dataSource.transaction((tx) => writer.append(tx, { event: Credited, key: account, payload: { account, cents: 42 } }));

      // First relay: publishes the batch to Kafka, then dies before its transaction commits.
      const real = new KafkaEventPublisher(kafka);
      const crashing: EventPublisher = {
        publish: async (records) => {
          await real.publish(records);
          throw new Error('process killed after publish');
        },
      };
      const doomed = new OutboxRelay(dataSource, SCHEMA, crashing, logger);
      await expect(doomed.drainOnce()).rejects.toThrow('process killed after publish');
      const unpublished = await queryRows(dataSource, `SELECT 1 FROM ${SCHEMA}.outbox WHERE message_key = $1 AND published_at IS NULL`, [account]);
      expect(unpublished).toHaveLength(1);

      // Second relay after restart: publishes the same event again and marks it.
      const restarted = new OutboxRelay(dataSource, SCHEMA, real, logger);
      expect(await restarted.drainOnce()).toBeGreaterThanOrEqual(1);
      const published = await queryRows(dataSource, `SELECT 1 FROM ${SCHEMA}.outbox WHERE message_key = $1 AND published_at IS NOT NULL`, [account]);
      expect(published).toHaveLength(1);

      expect(await waitFor(() => balance(account))).toBe('42');
      const marker = `acc-${randomUUID()}`;
      await dataSource.transaction((tx) => writer.append(tx, { event: Credited, key: account, payload: { account: marker, cents: 1 } }));
      await restarted.drainOnce();
      await waitFor(() => balance(marker));
      expect(await balance(account)).toBe('42');
    });

    it('parks an event whose handler keeps failing, goes on with its partition, and replays it once the cause is fixed', async () => {
      const poisoned = `acc-${randomUUID()}`;
      broken.add(poisoned);
      const publisher = new KafkaEventPublisher(kafka);
      const record = (account: string, cents: number, key = poisoned): OutboxRecord => ({
        seq: '0',
        event_id: randomUUID(),
        topic: Credited.topic,
        message_key: key,
        event_type: Credited.type,
        payload: { account, cents },
        headers: {},
        occurred_at: new Date(),
      });
      const poison = record(poisoned, 300);
      const behind = `acc-${randomUUID()}`;
      await publisher.publish([poison, record(behind, 9)]);
      // The event behind it on the same partition is applied: nothing blocks.
      expect(await waitFor(() => balance(behind), 60_000)).toBe('9');
      const [parked] = (await consumer.parked({ eventId: poison.event_id })).data;
      expect(parked).toMatchObject({ event_type: Credited.type, failures: PARK_AFTER_FAILURES, reason: `account ${poisoned} is not open yet` });
      expect(await balance(poisoned)).toBeUndefined();
      expect(await registry.getSingleMetricAsString('events_parked_total')).toMatch(/reason="handler_failed"\} [1-9]/);
      // What goes with a replay (the operator's audit entry) commits with it or not at all.
      const alongside: string[] = [];
      await expect(consumer.replay(parked!.id, async () => void alongside.push('still broken'))).rejects.toMatchObject({ code: '1000012' });
      broken.delete(poisoned);
      await expect(
        consumer.replay(parked!.id, async () => {
          throw new Error('the audit entry could not be written');
        }),
      ).rejects.toMatchObject({ code: '1000012' });
      expect(await balance(poisoned)).toBeUndefined();
      expect((await consumer.parked({ eventId: poison.event_id })).data.map((event) => event.id)).toEqual([parked!.id]);
      expect(
        await consumer.replay(parked!.id, async (tx, applied) => {
          const [row] = (await tx.query(`SELECT replayed_at IS NOT NULL AS marked FROM ${SCHEMA}.parked_events WHERE id = $1`, [parked!.id])) as Array<{
            marked: boolean;
          }>;
          alongside.push(`applied ${applied}, marked in the same transaction ${row!.marked}`);
        }),
      ).toEqual({
        id: parked!.id,
        applied: true,
      });
      expect(alongside).toEqual(['applied true, marked in the same transaction true']);
      expect(await balance(poisoned)).toBe('300');
      await expect(consumer.replay(parked!.id)).rejects.toMatchObject({ code: '1000011' });
      expect(await consumer.parked({ eventId: poison.event_id })).toEqual({ data: [], meta: { page: 1, per_page: 100, total: 0, total_pages: 0 } });
    });

    it('parks a message it cannot read instead of skipping it', async () => {
      const producer = await kafka.producer();
      const [sent] = await producer.send({ topic: kafka.topic(Credited.topic), messages: [{ key: 'junk', value: 'not json {' }] });
      const junk = await waitFor(async () => (await everyParked()).find((event) => event.partition === sent!.partition && event.offset === sent!.baseOffset));
      expect(junk).toMatchObject({ event_id: null, failures: 1, reason: 'malformed envelope' });
      await expect(consumer.replay(junk.id)).rejects.toMatchObject({ code: '1000012' });
    });

    it('parks a message at a position another message was parked at before the topic was made again (a new broker or cluster)', async () => {
      const topic = kafka.topic(Credited.topic);
      const admin = new Kafka({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `it-admin-${run}`, logLevel: 0 }).admin();
      await admin.connect();
      const next = (await admin.fetchTopicOffsets(topic).finally(() => admin.disconnect())).find((p) => p.partition === 0)!.high;
      // What the old topic's message at that offset left in the table: offsets start again at 0 on a new topic.
      await dataSource.query(
        `INSERT INTO ${SCHEMA}.parked_events (consumer, event_id, event_type, topic, partition, message_offset, message, reason, failures)
         VALUES ($1, NULL, NULL, $2, 0, $3, 'an older message {', 'malformed envelope', 1)`,
        [`it-${run}.ledger`, topic, next],
      );
      const eventId = randomUUID();
      const unreadable = { event_id: eventId, event_type: Credited.type, occurred_at: new Date().toISOString(), payload: { account: 7 } };
      const producer = await kafka.producer();
      const [sent] = await producer.send({ topic, messages: [{ partition: 0, key: 'junk', value: JSON.stringify(unreadable) }] });
      expect(sent!.baseOffset).toBe(next);
      const parked = await waitFor(async () => (await consumer.parked({ eventId })).data[0]);
      expect(parked).toMatchObject({ event_id: eventId, partition: 0, offset: next, reason: expect.stringMatching(/^invalid payload/) });
      // The older message stays listed beside it.
      const atThatOffset = (await everyParked()).filter((event) => event.topic === topic && event.partition === 0 && event.offset === next);
      expect(atThatOffset.map((event) => event.event_id)).toEqual([null, eventId]);
    });

    it('lists what is parked a page at a time, oldest first, so no number of unreadable messages hides a newer one', async () => {
      const before = (await consumer.parked()).meta.total;
      const producer = await kafka.producer();
      const [sent] = await producer.send({
        topic: kafka.topic(Credited.topic),
        messages: ['first', 'second', 'third'].map((value) => ({ key: 'junk', value })),
      });
      const offsets = [0, 1, 2].map((step) => String(Number(sent!.baseOffset) + step));
      const parked = await waitFor(async () => {
        const all = await everyParked(2);
        return all.length === before + 3 ? all : undefined;
      });
      expect(parked.map((event) => Number(event.id))).toEqual(parked.map((event) => Number(event.id)).sort((a, b) => a - b));
      expect(parked.filter((event) => event.partition === sent!.partition && offsets.includes(event.offset)).map((event) => event.offset)).toEqual(offsets);
      const beyond = await consumer.parked({ page: Math.ceil(parked.length / 2) + 1, perPage: 2 });
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ total: parked.length, total_pages: Math.ceil(parked.length / 2) });
      expect((await consumer.parked({ eventId: randomUUID() })).meta.total).toBe(0);
    });

    it('publishes rows committed while no relay ran once one starts', async () => {
      const account = `acc-${randomUUID()}`;
      await dataSource.transaction((tx) => writer.append(tx, { event: Credited, key: account, payload: { account, cents: 5 } }));
      const relay = new OutboxRelay(dataSource, SCHEMA, new KafkaEventPublisher(kafka), logger, { pollIntervalMs: 200 });
      await relay.start();
      try {
        expect(await waitFor(() => balance(account))).toBe('5');
      } finally {
        await relay.stop();
      }
    });
  });
});
