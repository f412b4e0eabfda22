import { z } from 'zod';
import { TOPIC_SPECS } from '@platform/contracts';
import { KafkaConnection, LOCAL_TOPIC_SETTINGS, type TopicSettings } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { BaseConfigSchema, ConfigError, KafkaSecurityFields, kafkaSecurityProblems, kafkaSettingsOf, loadConfig } from '@platform/service-kit';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const optionalCount = () => z.coerce.number().int().min(1).optional();

/** The topics job's settings: the broker (as every app reads it) and how the deployment wants its topics. */
const TopicsConfigSchema = BaseConfigSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, KAFKA_BROKERS: true, KAFKA_TOPIC_PREFIX: true }).extend({
  ...KafkaSecurityFields,
  KAFKA_REPLICATION_FACTOR: count(LOCAL_TOPIC_SETTINGS.replicationFactor),
  KAFKA_MIN_INSYNC_REPLICAS: optionalCount(),
  KAFKA_PARTITIONS_COMMANDS: optionalCount(),
  KAFKA_PARTITIONS_EVENTS: optionalCount(),
  KAFKA_PARTITIONS_REPLIES: optionalCount(),
  KAFKA_RETENTION_MS_COMMANDS: count(LOCAL_TOPIC_SETTINGS.retentionMs.commands),
  KAFKA_RETENTION_MS_REPLIES: count(LOCAL_TOPIC_SETTINGS.retentionMs.replies),
  KAFKA_RETENTION_MS_EVENTS: count(LOCAL_TOPIC_SETTINGS.retentionMs.events),
});

/**
 * Creates the platform's topics (or brings them to the plan: more partitions, settings), as
 * the chart's topics job and `npm run topics` do; apps in production only check they exist.
 */
async function main(): Promise<void> {
  const config = loadConfig('topics', TopicsConfigSchema);
  const problems = kafkaSecurityProblems(config);
  if (problems.length > 0) throw new ConfigError('topics', problems);
  const settings: TopicSettings = {
    replicationFactor: config.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS,
    partitions: { commands: config.KAFKA_PARTITIONS_COMMANDS, events: config.KAFKA_PARTITIONS_EVENTS, replies: config.KAFKA_PARTITIONS_REPLIES },
    retentionMs: { commands: config.KAFKA_RETENTION_MS_COMMANDS, replies: config.KAFKA_RETENTION_MS_REPLIES, events: config.KAFKA_RETENTION_MS_EVENTS },
  };
  const kafka = new KafkaConnection(kafkaSettingsOf(config, 'topics'), createLogger('topics', config.LOG_LEVEL));
  try {
    for (const topic of await kafka.ensureTopics(TOPIC_SPECS, settings)) {
      const changes = [topic.created && 'created', topic.partitionsAdded && 'partitions added', topic.settingsChanged && 'settings applied'].filter(Boolean);
      process.stdout.write(`${topic.topic}: ${topic.partitions} partitions, ${changes.length > 0 ? changes.join(', ') : 'as planned'}\n`);
    }
  } finally {
    await kafka.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`topics: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
