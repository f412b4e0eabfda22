import { Kafka, logLevel } from 'kafkajs';
import { testInfrastructure } from './test-environment';

export interface PrefixCleanup {
  topics: number;
  groups: number;
}

/**
 * Deletes the topics and consumer groups a stack made under its own prefix (KAFKA_TOPIC_PREFIX,
 * which also prefixes group ids), once its services have stopped: a run that leaves them behind
 * grows the developer's broker by some 25 topics and 10 groups each time.
 */
export async function deletePrefixedTopicsAndGroups(prefix: string): Promise<PrefixCleanup> {
  if (!prefix) throw new Error('a prefix is required: without one every topic would match');
  const admin = new Kafka({ clientId: 'prefix-cleanup', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(prefix));
    if (groups.length > 0) await admin.deleteGroups(groups);
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(prefix));
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    return { topics: topics.length, groups: groups.length };
  } finally {
    await admin.disconnect();
  }
}
