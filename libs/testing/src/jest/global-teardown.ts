import { deletePrefixedTopicsAndGroupsOf } from '../prefixed-kafka-cleanup';
import { RUN_TOPIC_PREFIXES_FILE, takeRunTopicPrefixes } from '../run-topic-prefixes';

/**
 * Deletes the topics and consumer groups under every prefix the run's suites recorded, once all
 * their stacks have stopped. It never fails the run: what it cannot delete it names.
 */
export default async function globalTeardown(): Promise<void> {
  const file = process.env[RUN_TOPIC_PREFIXES_FILE];
  const prefixes = file ? takeRunTopicPrefixes(file) : [];
  if (prefixes.length === 0) return;
  try {
    const removed = await deletePrefixedTopicsAndGroupsOf(prefixes, { groupsEmptyWithinMs: 10_000 });
    process.stderr.write(`removed the run's ${removed.topics} topics and ${removed.groups} consumer groups (${prefixes.length} prefixes)\n`);
  } catch (error) {
    process.stderr.write(`the run's topics or groups were not all removed: ${String(error)}\n`);
  }
}
