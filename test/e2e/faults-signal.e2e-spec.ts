import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { PLATFORM_APPS } from '@platform/contracts';
import { eventually, REPO_ROOT, testInfrastructure } from '@platform/testing';

/** The processes of one process group, each as its command line. */
function groupMembers(groupId: number): string[] {
  const members: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The group is the fifth field of stat; the second, the name, may hold spaces and ends with ")".
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[2]) !== groupId) continue;
      members.push(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim());
    } catch {
      // the process ended while it was read
    }
  }
  return members;
}

/** The databases the fault suite made for its scenarios (`faults_<name>_<random>`). */
async function scenarioDatabases(): Promise<string[]> {
  const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'faults\\_%'`);
    return rows.map((row) => row.datname).sort();
  } finally {
    await db.end();
  }
}

/** The topics of the scenario the test runs (`faults-<name>-<random>.*`). */
async function scenarioTopics(): Promise<string[]> {
  const admin = new Kafka({ brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    return (await admin.listTopics()).filter((topic) => topic.startsWith('faults-duplicate-events-')).sort();
  } finally {
    await admin.disconnect();
  }
}

/**
 * `kill <faults pid>` (a CI step's timeout, a terminal closed) must stop what the fault suite
 * started, as it does for the bench: left running, a scenario's ten apps and stand-ins keep
 * their ports, database connections and consumer groups after the suite is gone.
 */
describe('npm run faults stopped by a signal', () => {
  let faults: ChildProcess | undefined;

  // The suite in a process group of its own: whatever it leaves behind is killed with it here.
  afterAll(() => {
    try {
      process.kill(-faults!.pid!, 'SIGKILL');
    } catch {
      // the group is gone: nothing was left
    }
  });

  it('stops the apps of the scenario it was running, drops its database and topics, and exits with the signal', async () => {
    const databasesBefore = await scenarioDatabases();
    const topicsBefore = await scenarioTopics();
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/tools/faults.js'), 'duplicate-events', '--seed', '1'], {
      cwd: REPO_ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    faults = child;
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const apps = () => groupMembers(child.pid!).filter((command) => command.includes('dist/apps/'));
    // Every app running and the scenario's topics made: there is something of each kind to clean up.
    await eventually(
      async () => ({ apps: apps().length, topics: (await scenarioTopics()).length, output }),
      (started) => started.apps === PLATFORM_APPS.length && started.topics > topicsBefore.length,
      150_000,
    );

    child.kill('SIGTERM');

    const code = await exited;
    await eventually(
      async () => groupMembers(child.pid!),
      (left) => left.length === 0,
      10_000,
    );
    expect(code).toBe(143);
    expect(await scenarioDatabases()).toEqual(databasesBefore);
    expect(await scenarioTopics()).toEqual(topicsBefore);
    expect(output).toContain('faults: SIGTERM, stopping what it started');
  }, 240_000);
});
