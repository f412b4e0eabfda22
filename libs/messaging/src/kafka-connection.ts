import { ConfigResourceTypes, Kafka, logLevel, Partitioners, type Admin, type Consumer, type Producer, type LogEntry } from 'kafkajs';
import type { TopicName, TopicSpec } from '@platform/contracts';
import type { Logger } from '@platform/observability';

export interface KafkaSettings {
  brokers: string[];
  clientId: string;
  /** Put in front of every topic name and consumer group id, so that several stacks can share one broker. */
  topicPrefix: string;
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
  private adminPromise?: Promise<Admin>;

  constructor(
    readonly settings: KafkaSettings,
    private readonly logger: Logger,
  ) {
    const kafkaLogger = logger.child({ component: 'kafkajs' });
    this.kafka = new Kafka({
      clientId: settings.clientId,
      brokers: settings.brokers,
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

  /** A consumer with the platform's settings: quick to notice a lost member, never creating topics; its group is prefixed. */
  consumer(groupName: string): Consumer {
    return this.kafka.consumer({
      groupId: this.group(groupName),
      sessionTimeout: 10000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: 500,
      allowAutoTopicCreation: false,
    });
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
   * Creates the topics that do not exist yet, then waits until every partition answers
   * offset requests: another process may have created a topic a moment ago, and a
   * partition's leader can be named in metadata before the broker serves it.
   */
  async ensureTopics(specs: readonly TopicSpec[]): Promise<void> {
    await this.createMissingTopics(specs);
    await this.applyTopicConfig(specs);
    const admin = await this.admin();
    for (const spec of specs) {
      await retryWhileRetriable(() => admin.fetchTopicOffsets(this.topic(spec.name)), TOPIC_READY_TIMEOUT_MS);
    }
  }

  private async createMissingTopics(specs: readonly TopicSpec[]): Promise<void> {
    const admin = await this.admin();
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((spec) => !existing.has(this.topic(spec.name)));
    if (missing.length === 0) return;
    try {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((spec) => ({
          topic: this.topic(spec.name),
          numPartitions: spec.partitions,
          replicationFactor: 1,
          configEntries: configEntries(spec),
        })),
      });
    } catch (error) {
      // Another process may have created them between list and create.
      const now = new Set(await admin.listTopics());
      if (missing.some((spec) => !now.has(this.topic(spec.name)))) throw error;
    }
    this.logger.info({ topics: missing.map((spec) => this.topic(spec.name)) }, 'created Kafka topics');
  }

  /** A topic created before a setting was added (or by hand) gets it too. */
  private async applyTopicConfig(specs: readonly TopicSpec[]): Promise<void> {
    const configured = specs.filter((spec) => spec.config);
    if (configured.length === 0) return;
    const admin = await this.admin();
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: configured.map((spec) => ({ type: ConfigResourceTypes.TOPIC, name: this.topic(spec.name), configNames: Object.keys(spec.config!) })),
    });
    const drifted = configured.filter((spec) => {
      const current = described.resources.find((resource) => resource.resourceName === this.topic(spec.name))?.configEntries ?? [];
      return Object.entries(spec.config!).some(([name, value]) => current.find((entry) => entry.configName === name)?.configValue !== value);
    });
    if (drifted.length === 0) return;
    // alterConfigs replaces a topic's whole dynamic configuration, so every setting of the spec is sent.
    await admin.alterConfigs({
      validateOnly: false,
      resources: drifted.map((spec) => ({ type: ConfigResourceTypes.TOPIC, name: this.topic(spec.name), configEntries: configEntries(spec) })),
    });
    this.logger.info({ topics: drifted.map((spec) => this.topic(spec.name)) }, 'applied Kafka topic settings');
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
    this.adminPromise = undefined;
    await Promise.allSettled(closing);
  }
}

function configEntries(spec: TopicSpec): { name: string; value: string }[] {
  return [
    ...(spec.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : []),
    ...Object.entries(spec.config ?? {}).map(([name, value]) => ({ name, value })),
  ];
}
