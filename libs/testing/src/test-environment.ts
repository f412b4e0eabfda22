import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The checkout's root, whether this runs from sources (tests) or from dist/ (bench). */
function findRepoRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no nx.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = findRepoRoot(__dirname);

/**
 * Where tests find the infrastructure: a database of their own, a topic prefix of their own.
 * Two checkouts testing on one machine at once set both apart (TEST_DATABASE_URL and
 * TEST_TOPIC_PREFIX); otherwise their stacks would share consumer groups and settings topics.
 */
export const testInfrastructure = {
  adminDatabaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/platform_test',
  kafkaBrokers: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  topicPrefix: process.env.TEST_TOPIC_PREFIX ?? 'test.',
  adminToken: 'dev-admin-token',
};
