import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { PLATFORM_APPS, Topics, type PlatformApp } from '@platform/contracts';
import { REPO_ROOT, testInfrastructure, type Stack } from '@platform/testing';
import { pause } from './workload';
import type { SeededRandom } from './random';

/** How the scenario's webhook receiver answers: as a healthy merchant endpoint, or badly. */
export type ReceiverMode = 'ok' | 'slow' | 'failing' | 'redirecting' | 'closing';

/** What a scenario may do to the running platform, and how it tells the report what it did. */
export interface FaultContext {
  stack: Stack;
  random: SeededRandom;
  /** Milliseconds since the flow started, for the report. */
  elapsed(): number;
  /** Starts a stopped or killed app again on its port, with the scenario's environment; resolves when it is ready. */
  restart(app: PlatformApp): Promise<void>;
  record(fault: string): void;
  /** The prefix of the scenario's topics and consumer groups. */
  topicPrefix: string;
  /** What the merchant's webhook endpoint does now. */
  receiver: { mode: ReceiverMode };
}

export interface Scenario {
  name: string;
  summary: string;
  /** Extra environment for the scenario's stack. */
  env?: () => Promise<Record<string, string>>;
  /** How long clients keep repeating after the flow (default 60 s): an outage longer than that needs more. */
  finishMs?: number;
  /** Writes sent twice at once: with the same key, or as twins under other keys. */
  racing?: 'same-key' | 'other-keys';
  /** Injects the fault while the flow runs; resolves when the platform should be whole again. */
  inject(context: FaultContext): Promise<void>;
  /** Releases what `env` started. */
  cleanUp?(): Promise<void>;
}

/** kill -9 of one app at a seeded moment of the flow, then a start on the same port two seconds later. */
function killNine(app: PlatformApp): Scenario {
  return {
    name: `kill-${app}`,
    summary: `${app} killed with SIGKILL mid-flow, started again 2 s later`,
    async inject(context) {
      await pause(context.random.between(2_000, 6_000));
      process.kill(context.stack.pid(app)!, 'SIGKILL');
      context.record(`SIGKILL ${app} at ${context.elapsed()} ms`);
      await pause(2_000);
      await context.restart(app);
      context.record(`${app} ready again at ${context.elapsed()} ms`);
    },
  };
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The gateway's rate limits on a Redis of the scenario's own, killed mid-flow: limits fail open (README), nothing else changes. */
function redisGone(): Scenario {
  let redis: ChildProcess | undefined;
  return {
    name: 'redis-gone',
    summary: "the gateway's Redis killed mid-flow and never back: rate limits fail open, every operation still answered",
    async env() {
      const port = await freePort();
      redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await pause(300);
      return { REDIS_URL: `redis://127.0.0.1:${port}` };
    },
    async inject(context) {
      await pause(context.random.between(2_000, 6_000));
      redis?.kill('SIGKILL');
      context.record(`Redis killed at ${context.elapsed()} ms`);
    },
    async cleanUp() {
      redis?.kill('SIGKILL');
    },
  };
}

/** Stops `app` (SIGTERM), does `meanwhile` while it is down, starts it again; each step recorded. */
async function whileStopped(context: FaultContext, app: PlatformApp, meanwhile: () => Promise<unknown>): Promise<void> {
  await context.stack.terminate(app);
  context.record(`${app} stopped at ${context.elapsed()} ms`);
  await meanwhile();
  await context.restart(app);
  context.record(`${app} ready again at ${context.elapsed()} ms`);
}

/** One app stopped (SIGTERM) for longer than every request timeout, then started again. */
function longOutage(app: PlatformApp, seconds: number, longer = 'every command timeout'): Scenario {
  return {
    name: `${app}-down-${seconds}s`,
    summary: `${app} stopped for ${seconds} s mid-flow (longer than ${longer}), then started again`,
    finishMs: seconds * 1000 + 60_000,
    async inject(context) {
      await pause(context.random.between(2_000, 5_000));
      await whileStopped(context, app, () => pause(seconds * 1000));
    },
  };
}

/** The local broker (deploy/local/kafka-down.sh, kafka-up.sh) stopped and started again mid-flow. */
function kafkaRestart(): Scenario {
  return {
    name: 'kafka-restart',
    summary: 'the Kafka broker stopped mid-flow and started again 5 s later',
    async inject(context) {
      await pause(context.random.between(2_000, 5_000));
      execFileSync('bash', [join(REPO_ROOT, 'deploy/local/kafka-down.sh')], { stdio: 'ignore' });
      context.record(`broker stopped at ${context.elapsed()} ms`);
      await pause(5_000);
      execFileSync('bash', [join(REPO_ROOT, 'deploy/local/kafka-up.sh')], { stdio: 'ignore' });
      context.record(`broker serving again at ${context.elapsed()} ms`);
    },
  };
}

/** The local Postgres cluster restarted mid-flow: every pool loses its connections. */
function postgresRestart(): Scenario {
  return {
    name: 'postgres-restart',
    summary: 'Postgres restarted mid-flow (pg_ctlcluster): every connection of every service is cut',
    async inject(context) {
      await pause(context.random.between(2_000, 5_000));
      const [version, cluster] = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).trim().split(/\s+/);
      context.record(`Postgres restarting at ${context.elapsed()} ms`);
      execFileSync('pg_ctlcluster', [version!, cluster!, 'restart', '--mode', 'fast'], { stdio: 'ignore' });
      context.record(`Postgres back at ${context.elapsed()} ms`);
    },
  };
}

const kafkaAdmin = () => new Kafka({ clientId: 'faults', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });

/** A consumer group read again from the start: the app stopped, its committed offsets reset to the earliest, the app started. */
function replayFromStart(app: 'ledger' | 'webhook-dispatcher'): Scenario {
  return {
    name: `replay-${app}`,
    summary: `every event topic replayed from the beginning into ${app} mid-flow`,
    async inject(context) {
      await pause(context.random.between(4_000, 7_000));
      await whileStopped(context, app, async () => {
        const admin = kafkaAdmin().admin();
        await admin.connect();
        try {
          const groupId = `${context.topicPrefix}${app}.events`;
          for (const { topic } of await admin.fetchOffsets({ groupId })) await admin.resetOffsets({ groupId, topic, earliest: true });
        } finally {
          await admin.disconnect();
        }
        context.record(`${app} offsets reset to the earliest at ${context.elapsed()} ms`);
      });
    },
  };
}

/** Every payment and order event so far published again, newest first: each consumer gets each twice, out of order. */
function duplicateEvents(): Scenario {
  return {
    name: 'duplicate-events',
    summary: 'every payment and order event so far published a second time, in reverse order, mid-flow',
    async inject(context) {
      await pause(context.random.between(5_000, 8_000));
      const kafka = kafkaAdmin();
      const topics = [Topics.paymentsEvents, Topics.ordersEvents].map((topic) => `${context.topicPrefix}${topic}`);
      const admin = kafka.admin();
      await admin.connect();
      const ends = new Map<string, number>();
      for (const topic of topics) for (const { partition, high } of await admin.fetchTopicOffsets(topic)) ends.set(`${topic}:${partition}`, Number(high));
      await admin.disconnect();
      const copies: { topic: string; message: KafkaMessage }[] = [];
      const consumer = kafka.consumer({ groupId: `${context.topicPrefix}faults-copier` });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      const wanted = [...ends.values()].reduce((total, end) => total + end, 0);
      await consumer.run({
        eachMessage: async ({ topic, partition, message }) => {
          if (Number(message.offset) < ends.get(`${topic}:${partition}`)!) copies.push({ topic, message });
        },
      });
      for (let waited = 0; copies.length < wanted && waited < 20_000; waited += 100) await pause(100);
      await consumer.disconnect();
      const producer = kafka.producer();
      await producer.connect();
      for (const { topic, message } of copies.reverse())
        await producer.send({ topic, messages: [{ key: message.key, value: message.value, headers: message.headers }] });
      await producer.disconnect();
      context.record(`${copies.length} events published again, newest first, at ${context.elapsed()} ms`);
    },
  };
}

/** Every write's first attempt sent twice at once with the same Idempotency-Key (or merchant_order_id). */
function racingRequests(racing: 'same-key' | 'other-keys'): Scenario {
  return {
    name: `racing-${racing}`,
    summary:
      racing === 'same-key'
        ? 'every write sent twice at the same moment with the same key: one operation, one answer'
        : 'every write sent at the same moment as a twin under another key: two operations, or one refund per payment',
    racing,
    async inject(context) {
      context.record(racing === 'same-key' ? 'every first attempt sent twice in parallel' : 'every write raced by a twin under another key');
    },
  };
}

/** The merchant's webhook endpoint misbehaving for a while, then healthy again. */
function badReceiver(mode: Exclude<ReceiverMode, 'ok'>): Scenario {
  return {
    name: `webhooks-${mode}`,
    summary: `the merchant's webhook endpoint ${mode} for 6 s mid-flow, then answering 200`,
    async inject(context) {
      await pause(context.random.between(1_000, 3_000));
      context.receiver.mode = mode;
      context.record(`endpoint ${mode} from ${context.elapsed()} ms`);
      await pause(6_000);
      context.receiver.mode = 'ok';
      context.record(`endpoint healthy again at ${context.elapsed()} ms`);
    },
  };
}

export const SCENARIOS: Scenario[] = [
  ...PLATFORM_APPS.map(killNine),
  redisGone(),
  kafkaRestart(),
  postgresRestart(),
  longOutage('ledger', 30),
  longOutage('payments-v3', 30),
  // Past the ledger's 300 s reservation window: reservations made before the outage outlive it.
  longOutage('ledger', 330, 'every command timeout and the 300 s reservation window'),
  replayFromStart('ledger'),
  replayFromStart('webhook-dispatcher'),
  duplicateEvents(),
  racingRequests('same-key'),
  racingRequests('other-keys'),
  badReceiver('slow'),
  badReceiver('failing'),
  badReceiver('redirecting'),
  badReceiver('closing'),
];
