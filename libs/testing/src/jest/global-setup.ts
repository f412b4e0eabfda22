import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_TOPIC_PREFIXES_FILE } from '../run-topic-prefixes';
import { REPO_ROOT, testInfrastructure } from '../test-environment';

/**
 * Integration and end-to-end tests run on real infrastructure: start whatever is not
 * running (Kafka from the Maven jars, Postgres, Redis), then bring the test database's
 * schemas up to date with the same migrations production runs. The suites record the topic
 * prefixes they use in a file of this run's, which the global teardown empties.
 */
export default async function globalSetup(): Promise<void> {
  execFileSync('bash', [join(REPO_ROOT, 'deploy/local/up.sh')], { stdio: 'inherit', cwd: REPO_ROOT });
  const migrate = join(REPO_ROOT, 'dist/tools/migrate.js');
  if (!existsSync(migrate)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  execFileSync(process.execPath, [migrate], {
    stdio: 'inherit',
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: testInfrastructure.adminDatabaseUrl },
  });
  if (!process.env[RUN_TOPIC_PREFIXES_FILE]) {
    mkdirSync(join(REPO_ROOT, 'tmp'), { recursive: true });
    process.env[RUN_TOPIC_PREFIXES_FILE] = join(REPO_ROOT, 'tmp', `run-topic-prefixes-${process.pid}-${Date.now()}.txt`);
  }
}
