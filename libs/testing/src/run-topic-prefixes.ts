import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';

/**
 * The topic prefixes a test run used, so that the run's global teardown can delete their topics
 * and groups once every stack has stopped. A suite run leaves some 25 prefixes of 26 topics each:
 * kept, they grow the developer's broker by hundreds of partitions a run.
 *
 * The list is a file named by the run (RUN_TOPIC_PREFIXES_FILE, set by the global setup), as the
 * setup, the suites and the teardown do not share a module registry. Outside a run it is not set
 * and nothing is recorded.
 */
export const RUN_TOPIC_PREFIXES_FILE = 'RUN_TOPIC_PREFIXES_FILE';

export function recordRunTopicPrefix(prefix: string): void {
  const file = process.env[RUN_TOPIC_PREFIXES_FILE];
  if (file && prefix) appendFileSync(file, `${prefix}\n`);
}

/** The prefixes recorded in `file`, each once; the file is removed. */
export function takeRunTopicPrefixes(file: string): string[] {
  if (!existsSync(file)) return [];
  const prefixes = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
  rmSync(file, { force: true });
  return [...prefixes];
}
