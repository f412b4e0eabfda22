import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, KafkaJSDeleteGroupsError, logLevel, type Admin } from 'kafkajs';
import { testInfrastructure } from './test-environment';

export interface PrefixCleanup {
  topics: number;
  groups: number;
}

export interface PrefixCleanupOptions {
  /**
   * How long a group that still has members is waited for. A service that stopped without leaving
   * its group stays a member until its session times out, and the broker refuses to delete a group
   * with members.
   */
  groupsEmptyWithinMs?: number;
}

/**
 * Deletes the topics and consumer groups a stack made under its own prefix (KAFKA_TOPIC_PREFIX,
 * which also prefixes group ids), once its services have stopped: a run that leaves them behind
 * grows the developer's broker by some 25 topics and 10 groups each time. The topics are deleted
 * even when a group cannot be, and the error names the groups left.
 */
export async function deletePrefixedTopicsAndGroups(prefix: string, options: PrefixCleanupOptions = {}): Promise<PrefixCleanup> {
  return deletePrefixedTopicsAndGroupsOf([prefix], options);
}

/** The same for several prefixes at once: one listing, one deletion of topics. */
export async function deletePrefixedTopicsAndGroupsOf(prefixes: readonly string[], options: PrefixCleanupOptions = {}): Promise<PrefixCleanup> {
  if (prefixes.some((prefix) => !prefix)) throw new Error('a prefix is required: without one every topic would match');
  const matches = (name: string) => prefixes.some((prefix) => name.startsWith(prefix));
  const admin = new Kafka({ clientId: 'prefix-cleanup', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId).filter(matches);
    const topics = (await admin.listTopics()).filter(matches);
    if (topics.length > 0) await admin.deleteTopics({ topics, timeout: 30_000 });
    await deleteGroupsOnceEmpty(admin, groups, options.groupsEmptyWithinMs ?? 45_000);
    return { topics: topics.length, groups: groups.length };
  } finally {
    await admin.disconnect();
  }
}

/** Error codes that clear by themselves: members still leaving, or the coordinator still loading. */
const PASSING_GROUP_ERRORS = new Set(['NON_EMPTY_GROUP', 'COORDINATOR_LOAD_IN_PROGRESS']);

async function deleteGroupsOnceEmpty(admin: Admin, groups: string[], withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  let left = groups;
  while (left.length > 0) {
    try {
      await admin.deleteGroups(left);
      return;
    } catch (error) {
      if (!(error instanceof KafkaJSDeleteGroupsError)) throw error;
      // Deleting a group's topics drops its offsets, and the broker may then drop the group itself.
      const failed = error.groups.filter((group) => group.error?.type !== 'GROUP_ID_NOT_FOUND');
      if (failed.length === 0) return;
      const passing = failed.every((group) => PASSING_GROUP_ERRORS.has(group.error?.type ?? ''));
      if (!passing || Date.now() >= deadline) {
        const named = failed.map((group) => `${group.groupId} (${group.error?.type ?? 'unknown'})`).join(', ');
        throw new Error(`consumer groups not deleted: ${named}`, { cause: error });
      }
      left = failed.map((group) => group.groupId);
      await sleep(500);
    }
  }
}
