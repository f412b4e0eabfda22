import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { freePortBase } from './stack';
import { REPO_ROOT } from './test-environment';

interface ScramUser {
  username: string;
  password: string;
}

export interface ScramBroker {
  brokers: string;
  /** A user the broker knows, as a managed cluster would issue one (the first of `users`). */
  user: ScramUser;
  /** The broker's super user: creates topics and grants ACLs. */
  admin: ScramUser;
  stop(): Promise<void>;
}

const ADMIN = { username: 'broker-admin', password: 'broker-admin-secret' };

/**
 * A second Kafka broker from the same Maven jars as the local one (deploy/local/kafka-up.sh
 * fetched them), whose only client listener is SASL_PLAINTEXT with SCRAM-SHA-256, as a
 * managed Kafka authenticates its clients. Its users are created when its storage is
 * formatted. With `enforceAcls` it authorizes every request by ACLs (StandardAuthorizer, no
 * ACL means no access), as a managed cluster with per-service principals does. For the specs
 * that prove the platform authenticates, and is authorized, for real.
 */
export async function startScramBroker(options: { users?: ScramUser[]; enforceAcls?: boolean } = {}): Promise<ScramBroker> {
  const users = options.users ?? [{ username: 'platform-app', password: `app-${Date.now()}` }];
  const base = await freePortBase([0, 1]);
  const [port, controllerPort] = [base, base + 1];
  const dir = join(REPO_ROOT, '.cache', `kafka-scram-${base}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const jaas = `org.apache.kafka.common.security.scram.ScramLoginModule required username="${ADMIN.username}" password="${ADMIN.password}";`;
  const properties = join(dir, 'server.properties');
  writeFileSync(
    properties,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=SASL_PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=SASL_PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=SASL_PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT',
      'sasl.enabled.mechanisms=SCRAM-SHA-256',
      'sasl.mechanism.inter.broker.protocol=SCRAM-SHA-256',
      `listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=${jaas}`,
      `log.dirs=${join(dir, 'data')}`,
      'auto.create.topics.enable=false',
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      'num.network.threads=1',
      'num.io.threads=2',
      ...(options.enforceAcls
        ? [
            'authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer',
            // ANONYMOUS: the broker itself, reaching its controller over the loopback-only CONTROLLER listener.
            `super.users=User:${ADMIN.username};User:ANONYMOUS`,
            'allow.everyone.if.no.acl.found=false',
          ]
        : []),
    ].join('\n'),
  );
  // The jars of the local broker; a clean checkout next to a broker already running has none yet.
  execFileSync('bash', [join(REPO_ROOT, 'deploy/local/kafka-up.sh'), '--fetch-only'], { stdio: 'ignore' });
  const java = [
    '-Xmx320m',
    '-Xms128m',
    '-XX:+UseSerialGC',
    `-Dkafka.logs.dir=${join(dir, 'logs')}`,
    `-Dlog4j.configuration=file:${join(REPO_ROOT, 'deploy/local/kafka/log4j.properties')}`,
    '-cp',
    join(REPO_ROOT, '.cache/kafka/libs/*'),
  ];
  execFileSync(
    'java',
    [
      ...java,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      'c2NyYW0tYnJva2VyLXRlc3Q',
      '-c',
      properties,
      '--add-scram',
      `SCRAM-SHA-256=[name=${ADMIN.username},password=${ADMIN.password}]`,
      ...users.flatMap((user) => ['--add-scram', `SCRAM-SHA-256=[name=${user.username},password=${user.password}]`]),
    ],
    { stdio: 'ignore' },
  );
  const broker: ChildProcess = spawn('java', [...java, 'kafka.Kafka', properties], { stdio: 'ignore' });
  const brokers = `127.0.0.1:${port}`;
  const stop = async () => {
    if (broker.exitCode === null) {
      const exited = new Promise((resolve) => broker.once('exit', resolve));
      broker.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(brokers, ADMIN);
  } catch (error) {
    await stop();
    throw error;
  }
  return { brokers, user: users[0]!, admin: ADMIN, stop };
}

async function waitUntilServing(brokers: string, user: ScramUser): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const admin = new Kafka({
      brokers: [brokers],
      clientId: 'scram-ready',
      logLevel: logLevel.NOTHING,
      sasl: { mechanism: 'scram-sha-256', ...user },
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`SCRAM broker at ${brokers} not serving: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }
}
