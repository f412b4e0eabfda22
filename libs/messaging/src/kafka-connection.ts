import type { ConnectionOptions } from 'node:tls';
import {
  ConfigResourceTypes,
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type Producer,
  type LogEntry,
  type Message,
  type PartitionAssigner,
  type SASLOptions,
} from 'kafkajs';
import type { TopicName, TopicSpec } from '@platform/contracts';
import { BatchedSender } from './batched-sender';
import { encodeRecordsInOneBuffer, writeVarIntsInPlace } from './kafkajs-encoder';
import { checkRequestTimeoutsEverySecond, fixIdleRequestQueueLoop } from './kafkajs-request-queue';
import { restartAfterCrash } from './restart-after-crash';
import { LOCAL_TOPIC_SETTINGS, planTopics, type PlannedTopic, type TopicSettings } from './topic-plan';
import type { Logger } from '@platform/observability';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  /** Put in front of every topic name and consumer group id, so that several stacks can share one broker. */
  topicPrefix: string;
  /** TLS to the brokers: true for the system's CAs, or the CA and client certificate to use. */
  ssl?: ConnectionOptions | boolean;
  sasl?: SASLOptions;
  /**
   * How long a consumer's fetch waits at the broker for data. A message ends the wait at once,
   * so this costs no latency; it sets how often an idle consumer asks again, and how long a
   * stopping consumer waits out its last fetch.
   */
  fetchMaxWaitMs?: number;
  /**
   * The same for a consumer alone in its group (`soleConsumer`: reply readers, reference copies);
   * default `fetchMaxWaitMs`. Nothing joins such a group, so only its stop waits on a long fetch.
   */
  soleFetchMaxWaitMs?: number;
  /**
   * A command client reads only its app's partition of the reply topic (ADR 0041); false (the
   * first release of an upgrade from before it) reads the whole topic. Default true.
   */
  repliesOnOwnPartition?: boolean;
}

/**
 * The services' fetch wait (KAFKA_FETCH_MAX_WAIT_MS): idle consumers ask four times less often
 * than at the 500 ms a bare connection (tools, tests) uses, for up to 1.5 s more per stop.
 */
export const DEFAULT_FETCH_MAX_WAIT_MS = 2000;

/** How long the broker keeps a member that stopped heartbeating: a crashed replica's partitions move after this. */
const SESSION_TIMEOUT_MS = 10_000;

/**
 * The services' fetch wait for groups of one (KAFKA_SOLE_FETCH_MAX_WAIT_MS): half the session,
 * so a heartbeat after every fetch still comes well within it. More than half the idle
 * platform's consumers are such groups (ADR 0038 addendum, twenty-second sitting).
 */
export const DEFAULT_SOLE_FETCH_MAX_WAIT_MS = SESSION_TIMEOUT_MS / 2;
/** A member of a shared group hears of a rebalance (a replica joining or leaving) within this plus a fetch wait. */
const MEMBER_HEARTBEAT_MS = 1000;
/** A group of one has no rebalance to hear of: kafkajs's default, a third of the session. */
const SOLE_HEARTBEAT_MS = SESSION_TIMEOUT_MS / 3;

export interface TopicReport {
  topic: string;
  partitions: number;
  created: boolean;
  partitionsAdded: boolean;
  settingsChanged: boolean;
}

/** How long a partition may take to serve after its topic was created. */
export const TOPIC_READY_TIMEOUT_MS = 30_000;

/**
 * Repeats `operation` while it fails with an error Kafka marks retriable (a leader
 * election, a partition still loading), with a short growing pause, until `timeoutMs`.
 */
export async function retryWhileRetriable<T>(operation: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1000)) {
    try {
      return await operation();
    } catch (error) {
      const retriable = (error as { retriable?: boolean }).retriable === true;
      if (!retriable || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

fixIdleRequestQueueLoop();
checkRequestTimeoutsEverySecond();
writeVarIntsInPlace();
encodeRecordsInOneBuffer();

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** One Kafka client per process: the shared producer, the admin, and topic naming. */
export class KafkaConnection {
  readonly kafka: Kafka;
  private producerPromise?: Promise<Producer>;
  private sender?: BatchedSender;
  private adminPromise?: Promise<Admin>;

  constructor(
    readonly settings: KafkaSettings,
    private readonly logger: Logger,
  ) {
    const kafkaLogger = logger.child({ component: 'kafkajs' });
    this.kafka = new Kafka({
      clientId: settings.clientId,
      brokers: settings.brokers,
      ssl: settings.ssl,
      sasl: settings.sasl,
      connectionTimeout: 3000,
      requestTimeout: 30000,
      retry: { initialRetryTime: 100, retries: 8 },
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ level, log }: LogEntry) => {
          const { message, ...rest } = log;
          kafkaLogger[LEVELS[level] ?? 'info'](rest, message);
        },
    });
  }

  topic(name: TopicName): string {
    return `${this.settings.topicPrefix}${name}`;
  }

  /**
   * The group id of a logical consumer on this broker: prefixed like the topics, or a second
   * stack on the same broker would join this one's groups and take its partitions.
   */
  group(name: string): string {
    return `${this.settings.topicPrefix}${name}`;
  }

  /**
   * A consumer with the platform's settings: quick to notice a lost member, never creating topics;
   * its group is prefixed. `partitionAssigners` replaces kafkajs's round robin.
   */
  consumer(groupName: string, partitionAssigners?: PartitionAssigner[]): Consumer {
    return this.consumerWith(groupName, { heartbeatInterval: MEMBER_HEARTBEAT_MS, maxWaitTimeInMs: this.fetchMaxWaitMs }, partitionAssigners);
  }

  /**
   * A consumer alone in a group no other process joins (its name carries a fresh id): a reply
   * reader, a reference-data copy. Nothing can join, so it has no rebalance to hear of early and
   * its heartbeat only keeps its membership: every third of the session instead of every second,
   * which an idle process feels as one request in four fewer per consumer (ADR 0038 addendum).
   */
  soleConsumer(groupName: string, partitionAssigners?: PartitionAssigner[]): Consumer {
    const maxWaitTimeInMs = this.settings.soleFetchMaxWaitMs ?? this.fetchMaxWaitMs;
    return this.consumerWith(groupName, { heartbeatInterval: SOLE_HEARTBEAT_MS, maxWaitTimeInMs }, partitionAssigners);
  }

  private get fetchMaxWaitMs(): number {
    return this.settings.fetchMaxWaitMs ?? 500;
  }

  private consumerWith(groupName: string, timing: { heartbeatInterval: number; maxWaitTimeInMs: number }, partitionAssigners?: PartitionAssigner[]): Consumer {
    const consumer = this.kafka.consumer({
      groupId: this.group(groupName),
      sessionTimeout: SESSION_TIMEOUT_MS,
      ...timing,
      allowAutoTopicCreation: false,
      ...(partitionAssigners ? { partitionAssigners } : {}),
    });
    return restartAfterCrash(consumer, this.logger);
  }

  /** How many partitions `topic` (prefixed) has on the broker. */
  async partitionCount(topic: string): Promise<number> {
    const admin = await this.admin();
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    return topics[0]?.partitions.length ?? 0;
  }

  /** One message, batched with the others sent at the same moment (commands, replies). */
  async send(topic: string, message: Message): Promise<void> {
    this.sender ??= new BatchedSender(async (batch) => (await this.producer()).sendBatch(batch));
    await this.sender.send(topic, message);
  }

  producer(): Promise<Producer> {
    this.producerPromise ??= (async () => {
      const producer = this.kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
      return producer;
    })();
    return this.producerPromise;
  }

  private admin(): Promise<Admin> {
    this.adminPromise ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    return this.adminPromise;
  }

  /**
   * Creates the topics that do not exist yet, raises partition counts below the plan, keeps
   * every topic's settings as planned, then waits until every partition answers offset
   * requests: another process may have created a topic a moment ago, and a partition's
   * leader can be named in metadata before the broker serves it. Locally every app does this
   * at start; in production the topics job does (`npm run topics`) and apps only verify.
   */
  async ensureTopics(specs: readonly TopicSpec[], settings: TopicSettings = LOCAL_TOPIC_SETTINGS): Promise<TopicReport[]> {
    const plan = planTopics(specs, settings);
    const created = await this.createMissingTopics(plan);
    if (created.length > 0) await this.waitUntilServed(plan);
    const grown = await this.growPartitions(plan);
    const configured = await this.applyTopicConfig(plan);
    await this.waitUntilServed(plan);
    return plan.map((topic) => ({
      topic: this.topic(topic.name),
      partitions: topic.partitions,
      created: created.includes(topic.name),
      partitionsAdded: grown.includes(topic.name),
      settingsChanged: configured.includes(topic.name),
    }));
  }

  /** Production: the topics job made the topics; an app only checks they are there, and says which are not. */
  async verifyTopics(specs: readonly TopicSpec[]): Promise<void> {
    const admin = await this.admin();
    const existing = new Set(await admin.listTopics());
    const missing = specs.map((spec) => this.topic(spec.name)).filter((topic) => !existing.has(topic));
    if (missing.length > 0) {
      throw new Error(`Kafka topics missing: ${missing.join(', ')}. Create them with the topics job (npm run topics) before starting the apps.`);
    }
  }

  /**
   * How far a consumer group is behind on each partition of `topics`: the partition's end
   * offset minus the group's committed offset (everything, from the oldest kept message, when
   * the group has committed nothing yet).
   */
  async consumerLag(groupName: string, topics: string[]): Promise<{ topic: string; partition: number; lag: number }[]> {
    const admin = await this.admin();
    const committed = await admin.fetchOffsets({ groupId: this.group(groupName), topics });
    const lags: { topic: string; partition: number; lag: number }[] = [];
    for (const { topic, partitions } of committed) {
      const ends = new Map((await admin.fetchTopicOffsets(topic)).map((end) => [end.partition, end]));
      for (const { partition, offset } of partitions) {
        const end = ends.get(partition);
        const high = Number(end?.high ?? 0);
        const from = Number(offset) >= 0 ? Number(offset) : Number(end?.low ?? 0);
        lags.push({ topic, partition, lag: Math.max(0, high - from) });
      }
    }
    return lags;
  }

  /** Until every partition of the plan has a leader serving it (new topics take a moment). */
  private async waitUntilServed(plan: PlannedTopic[]): Promise<void> {
    const admin = await this.admin();
    for (const topic of plan) {
      await retryWhileRetriable(() => admin.fetchTopicOffsets(this.topic(topic.name)), TOPIC_READY_TIMEOUT_MS);
    }
  }

  private async createMissingTopics(plan: PlannedTopic[]): Promise<string[]> {
    const admin = await this.admin();
    const existing = new Set(await admin.listTopics());
    const missing = plan.filter((topic) => !existing.has(this.topic(topic.name)));
    if (missing.length === 0) return [];
    try {
      // Not kafkajs's waitForLeaders: it gives up when the broker's metadata does not list a new
      // topic yet (UNKNOWN_TOPIC_OR_PARTITION); ensureTopics waits for every partition itself.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((topic) => ({
          topic: this.topic(topic.name),
          numPartitions: topic.partitions,
          replicationFactor: topic.replicationFactor,
          configEntries: Object.entries(topic.config).map(([name, value]) => ({ name, value })),
        })),
      });
    } catch (error) {
      // Another process may have created them between list and create; a retriable error leaves
      // the topics to the readiness wait of ensureTopics.
      if ((error as { retriable?: boolean }).retriable !== true) {
        const now = new Set(await admin.listTopics());
        if (missing.some((topic) => !now.has(this.topic(topic.name)))) throw error;
      }
    }
    this.logger.info({ topics: missing.map((topic) => this.topic(topic.name)) }, 'created Kafka topics');
    return missing.map((topic) => topic.name);
  }

  /** Partitions are only ever added (a key's partition moves, so events of one key may reorder once; the inbox keeps them exactly-once). */
  private async growPartitions(plan: PlannedTopic[]): Promise<string[]> {
    const admin = await this.admin();
    const shortOf = async () => {
      const { topics } = await admin.fetchTopicMetadata({ topics: plan.map((topic) => this.topic(topic.name)) });
      return plan.filter((topic) => (topics.find((t) => t.name === this.topic(topic.name))?.partitions.length ?? 0) < topic.partitions);
    };
    const short = await shortOf();
    if (short.length === 0) return [];
    try {
      await admin.createPartitions({ topicPartitions: short.map((topic) => ({ topic: this.topic(topic.name), count: topic.partitions })) });
    } catch (error) {
      // Apps starting together grow the same topics: the one that comes second finds them grown,
      // once the broker's metadata shows the other's partitions.
      for (const deadline = Date.now() + TOPIC_READY_TIMEOUT_MS; (await shortOf()).length > 0;) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return [];
    }
    this.logger.info({ topics: short.map((topic) => this.topic(topic.name)) }, 'added Kafka partitions');
    return short.map((topic) => topic.name);
  }

  /** A topic created before a setting was added (or by hand) gets it too. */
  private async applyTopicConfig(plan: PlannedTopic[]): Promise<string[]> {
    const admin = await this.admin();
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: plan.map((topic) => ({ type: ConfigResourceTypes.TOPIC, name: this.topic(topic.name), configNames: Object.keys(topic.config) })),
    });
    const drifted = plan.filter((topic) => {
      const current = described.resources.find((resource) => resource.resourceName === this.topic(topic.name))?.configEntries ?? [];
      return Object.entries(topic.config).some(([name, value]) => current.find((entry) => entry.configName === name)?.configValue !== value);
    });
    if (drifted.length === 0) return [];
    // alterConfigs replaces a topic's whole dynamic configuration, so every setting of the plan is sent.
    await admin.alterConfigs({
      validateOnly: false,
      resources: drifted.map((topic) => ({
        type: ConfigResourceTypes.TOPIC,
        name: this.topic(topic.name),
        configEntries: Object.entries(topic.config).map(([name, value]) => ({ name, value })),
      })),
    });
    this.logger.info({ topics: drifted.map((topic) => this.topic(topic.name)) }, 'applied Kafka topic settings');
    return drifted.map((topic) => topic.name);
  }

  /** Readiness: the broker answers a metadata request. */
  async ping(): Promise<void> {
    const admin = await this.admin();
    await admin.describeCluster();
  }

  async close(): Promise<void> {
    const closing: Promise<void>[] = [];
    if (this.producerPromise) closing.push(this.producerPromise.then((p) => p.disconnect()));
    if (this.adminPromise) closing.push(this.adminPromise.then((a) => a.disconnect()));
    this.producerPromise = undefined;
    this.sender = undefined;
    this.adminPromise = undefined;
    await Promise.allSettled(closing);
  }
}
