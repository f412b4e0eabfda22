import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Client } from 'pg';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PLATFORM_APPS, type PlatformApp } from '@platform/contracts';
import { ensureDatabase } from '@platform/persistence';
import { deletePrefixedTopicsAndGroups, OperatorClient, REPO_ROOT, Stack, testInfrastructure } from '@platform/testing';
import { checkInvariants, modelBalance, type Findings, type ReceivedHook } from './faults/invariants';
import { SeededRandom } from './faults/random';
import { SCENARIOS, type ReceiverMode, type Scenario } from './faults/scenarios';
import { Workload, type Operation } from './faults/workload';
import { StopOnSignal } from './stop-on-signal';

/**
 * `npm run faults [-- NAME… | --list] [--seed N]`: the fault-injection suite (docs/faults.md).
 * Each scenario starts the ten apps on topics and consumer groups of its own, runs a steady
 * sandbox flow of one merchant, injects its fault at a seeded moment, lets the flow finish and
 * checks the money invariants. One verdict line per scenario; the report is JSON in .cache/faults.
 */
const FLOW_MS = 12_000;
const FINISH_MS = 60_000;
const WORKERS = 3;

const onSignal = new StopOnSignal('faults');

interface ScenarioReport {
  name: string;
  seed: number;
  verdict: 'pass' | 'fail';
  operations: Record<string, Record<Operation['outcome'], number>>;
  faults: string[];
  lost: number;
  doubled: number;
  recovery_ms: number | null;
  balance: string;
  findings: Findings;
  duration_ms: number;
  /** The client's own log: every operation, its key, amount, final answer and attempts. */
  log: Operation[];
  webhooks_received: number;
}

/**
 * Receives every webhook; `tags` maps the tag in a merchant's webhook address to its code. Only
 * answered deliveries count as received; `receiver.mode` makes it slow, failing, redirecting or
 * closing the connection instead.
 */
async function webhookReceiver(hooks: ReceivedHook[], tags: Map<string, string>, receiver: { mode: ReceiverMode }): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const record = () => {
        const tag = new URL(request.url!, 'http://x').searchParams.get('m') ?? '';
        hooks.push({ merchant: tags.get(tag) ?? tag, body: Buffer.concat(chunks).toString('utf8') });
      };
      switch (receiver.mode) {
        case 'ok':
          record();
          return void response.writeHead(200).end();
        case 'slow':
          // Longer than the dispatcher waits for an answer: the attempt fails and is retried.
          return void setTimeout(() => response.writeHead(200).end(), 12_000);
        case 'failing':
          return void response.writeHead(500).end();
        case 'redirecting':
          return void response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
        case 'closing':
          return void request.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function tally(operations: Operation[]): ScenarioReport['operations'] {
  const byKind: ScenarioReport['operations'] = {};
  for (const op of operations) {
    byKind[op.kind] ??= { ok: 0, refused: 0, unanswered: 0 };
    byKind[op.kind]![op.outcome] += 1;
  }
  return byKind;
}

async function run(scenario: Scenario, seed: number): Promise<ScenarioReport> {
  const started = Date.now();
  const random = new SeededRandom(seed);
  const hooks: ReceivedHook[] = [];
  const tags = new Map<string, string>();
  const receiverBehaviour: { mode: ReceiverMode } = { mode: 'ok' };
  const receiver = await webhookReceiver(hooks, tags, receiverBehaviour);
  const stacks: Stack[] = [];
  let dropAfter: string | undefined;
  const faults: string[] = [];
  let recoveredAt: number | undefined;
  let faultAt: number | undefined;
  // A database of the scenario's own: the platform's sweeps are not tenant-scoped, and another
  // run's expiring orders (on topics this stack does not read) would block its consumers.
  const database = `faults_${scenario.name.replace(/[^a-z0-9]/g, '_')}_${randomUUID().slice(0, 8)}`;
  const topicPrefix = `faults-${scenario.name}-${randomUUID().slice(0, 8)}.`;
  let cleaning: Promise<void> | undefined;
  // A failed scenario keeps its database and its topics for a look; any other leaves nothing behind.
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const stack of stacks.reverse()) await stack.stop().catch(() => undefined);
      await scenario.cleanUp?.();
      await new Promise((resolve) => receiver.server.close(resolve));
      if (!dropAfter) return;
      await dropDatabase(dropAfter);
      await deletePrefixedTopicsAndGroups(topicPrefix).catch((error: unknown) =>
        process.stderr.write(`faults: topics or groups ${topicPrefix}* left on the broker: ${describe(error)}\n`),
      );
    })());
  // A scenario cut short by a signal has nothing to look at: its database and topics go with its apps.
  const forgetCleanUp = onSignal.add(() => {
    dropAfter = database;
    return cleanUp();
  });
  // Everything after the receiver listens is inside the try: a scenario whose set-up fails (its
  // migration, say) must still close it, or the suite never exits.
  try {
    const databaseUrl = withDatabase(testInfrastructure.adminDatabaseUrl, database);
    await ensureDatabase(databaseUrl);
    execFileSync(process.execPath, [join(REPO_ROOT, 'dist/tools/migrate.js')], { stdio: 'ignore', env: { ...process.env, DATABASE_URL: databaseUrl } });
    const env = {
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      KAFKA_TOPIC_PREFIX: topicPrefix,
      DISPATCH_INTERVAL_MS: '200',
      // Webhook retries 50 times sooner (1 min → 1.2 s), so that a delivery failed by a fault is retried within the scenario.
      WEBHOOK_RETRY_TIME_SCALE: '0.02',
      SETTLEMENT_SWEEP_INTERVAL_MS: '500',
      LEDGER_FOLLOW_UP_INTERVAL_MS: '500',
      RATE_LIMIT_IP_PER_MINUTE: '1000000',
      RATE_LIMIT_KEY_PER_MINUTE: '1000000',
      ...(await scenario.env?.()),
    };
    const stack = await Stack.start({ apps: [...PLATFORM_APPS], env, liveProcessor: 'none' });
    stacks.push(stack);
    const operator = new OperatorClient(stack.url('gateway'));
    const settings = (m: string) => ({ webhook_url: `${receiver.url}/hooks?m=${m}`, settlement_delay_days: 0 });
    const merchantTag = randomUUID();
    const bystanderTag = randomUUID();
    const merchant = await operator.provisionMerchant({ settings: settings(merchantTag) });
    const bystander = await operator.provisionMerchant({ settings: settings(bystanderTag) });
    tags.set(merchantTag, merchant.merchantCode).set(bystanderTag, bystander.merchantCode);
    const workload = new Workload(() => stack.url('gateway'), merchant, seed, scenario.racing);
    const flowStarted = Date.now();
    const context = {
      stack,
      random,
      elapsed: () => Date.now() - flowStarted,
      record: (fault: string) => {
        faultAt ??= Date.now();
        faults.push(fault);
      },
      topicPrefix,
      receiver: receiverBehaviour,
      restart: async (app: PlatformApp) => {
        stacks.push(await Stack.start({ apps: [app], env, liveProcessor: 'none', portBase: stack.portBase }));
        recoveredAt = Date.now();
      },
    };
    await Promise.all([workload.run(WORKERS, FLOW_MS, FLOW_MS + (scenario.finishMs ?? FINISH_MS)), scenario.inject(context)]);
    // The receiver keeps taking webhooks while the invariants wait for them.
    // A platform that cannot answer the checks (an app died and stayed dead) fails the scenario with the client's log kept.
    const findings = await checkInvariants(databaseUrl, stack.url('gateway'), merchant, bystander, workload.operations, hooks).catch(
      (error: unknown): Findings => ({ lost: [], doubled: [], broken: [`the invariants could not be checked: ${describe(error)}`] }),
    );
    const failed = findings.lost.length + findings.doubled.length + findings.broken.length > 0;
    if (failed) findings.broken.push(`its data is kept in the database ${database}`);
    else dropAfter = database;
    return {
      name: scenario.name,
      seed,
      verdict: failed ? 'fail' : 'pass',
      operations: tally(workload.operations),
      faults,
      lost: findings.lost.length,
      doubled: findings.doubled.length,
      recovery_ms: recoveredAt && faultAt ? recoveredAt - faultAt : null,
      balance: modelBalance(workload.operations),
      findings,
      duration_ms: Date.now() - started,
      log: workload.operations,
      webhooks_received: hooks.length,
    };
  } finally {
    await cleanUp();
    forgetCleanUp();
  }
}

/** An error with its cause and where it was thrown, for a finding. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause} ${error.stack?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dropDatabase(database: string): Promise<void> {
  const db = new Client({ connectionString: withDatabase(testInfrastructure.adminDatabaseUrl, 'postgres') });
  await db.connect();
  try {
    await db.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await db.end();
  }
}

function verdictLine(report: ScenarioReport): string {
  const operations = Object.values(report.operations).reduce((total, counts) => total + counts.ok + counts.refused + counts.unanswered, 0);
  const recovery = report.recovery_ms === null ? '-' : `${(report.recovery_ms / 1000).toFixed(1)} s`;
  return `${report.verdict.toUpperCase()}  ${report.name.padEnd(26)} seed ${report.seed}  operations ${operations}  faults ${report.faults.length}  lost ${report.lost}  doubled ${report.doubled}  recovery ${recovery}  ${(report.duration_ms / 1000).toFixed(0)} s`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    for (const scenario of SCENARIOS) process.stdout.write(`${scenario.name}\n`);
    return;
  }
  const seedArg = args.indexOf('--seed');
  const seed = seedArg >= 0 ? Number(args[seedArg + 1]) : Math.floor(Math.random() * 1_000_000);
  const names = args.filter((arg, index) => !arg.startsWith('--') && !(seedArg >= 0 && index === seedArg + 1));
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (!Number.isInteger(seed) || unknown.length > 0) {
    process.stderr.write(`${unknown.length ? `no scenario named ${unknown.join(', ')}; ` : ''}usage: npm run faults -- [NAME…] [--seed N] | --list\n`);
    process.exit(2);
  }
  const chosen = names.length ? SCENARIOS.filter((scenario) => names.includes(scenario.name)) : SCENARIOS;
  await ensureDatabase(testInfrastructure.adminDatabaseUrl);
  execFileSync(process.execPath, [join(REPO_ROOT, 'dist/tools/migrate.js')], {
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: testInfrastructure.adminDatabaseUrl },
  });
  process.stdout.write(`fault suite: ${chosen.length} scenario(s), seed ${seed} (repeat with --seed ${seed})\n`);
  const reports: ScenarioReport[] = [];
  for (const scenario of chosen) {
    let report: ScenarioReport;
    const startedAt = Date.now();
    try {
      report = await run(scenario, seed);
    } catch (error) {
      const message = describe(error);
      report = {
        name: scenario.name,
        seed,
        verdict: 'fail',
        operations: {},
        faults: [],
        lost: 0,
        doubled: 0,
        recovery_ms: null,
        balance: '0.00',
        findings: { lost: [], doubled: [], broken: [`the scenario did not run: ${message}`] },
        duration_ms: Date.now() - startedAt,
        log: [],
        webhooks_received: 0,
      };
    }
    // A scenario that a signal cut short has no verdict.
    if (onSignal.stopping) return;
    reports.push(report);
    process.stdout.write(`${verdictLine(report)}\n`);
    for (const finding of [...report.findings.lost, ...report.findings.doubled, ...report.findings.broken].slice(0, 10))
      process.stdout.write(`      ${finding}\n`);
  }
  const dir = join(REPO_ROOT, '.cache/faults');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ seed, scenarios: reports }, null, 2)}\n`);
  const failed = reports.filter((report) => report.verdict === 'fail').length;
  process.stdout.write(`${reports.length - failed} passed, ${failed} failed; report ${file}\n`);
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  if (onSignal.stopping) return;
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
