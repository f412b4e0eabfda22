import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startIyzicoStandIn, type RunningStandIn } from './iyzico-stand-in/process';
import { runningOidcStandIn, startOidcStandIn } from './oidc-stand-in/process';
import { REPO_ROOT, testInfrastructure } from './test-environment';
import { recordRunTopicPrefix } from './run-topic-prefixes';

import { PLATFORM_APPS, serviceNodeOptions, type PlatformApp } from '@platform/contracts';

export const APPS = PLATFORM_APPS;
export type AppName = PlatformApp;

export interface StackOptions {
  apps: readonly AppName[];
  /**
   * First port; each app takes base + its index in APPS. Left out, the stack finds a base
   * whose ports are free now, so test files need no hand-picked ports; a restart passes the
   * first stack's `portBase` to come back on the same ports.
   */
  portBase?: number;
  env?: Record<string, string>;
  /** Flags for each app's node (e.g. `--cpu-prof` for the bench's profiles). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /**
   * Live card payments go to an iyzico stand-in process started with the stack (on portBase
   * + 95) whenever the stack runs orders-v4 or payments-v3; `none` leaves live unconfigured.
   */
  liveProcessor?: 'stand-in' | 'none';
  /**
   * The console signs operators in through an OpenID Connect stand-in process started with the
   * stack (on portBase + 96) whenever the stack runs the console; `none` leaves single sign-on off.
   * A restart on a stack's ports uses the stand-in that stack started, while it still answers.
   */
  identityProvider?: 'stand-in' | 'none';
}

/** The stand-in answers "slowly" after this, well past the platform's processor timeout. */
export const STAND_IN_SLOW_MS = 2500;
/** The stand-in listens at the stack's base + this. */
const STAND_IN_OFFSET = 95;
/** The OpenID Connect stand-in listens at the stack's base + this. */
const OIDC_STAND_IN_OFFSET = 96;
export const STAND_IN_PROCESSOR_TIMEOUT_MS = 1000;

export interface ExitResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  durationMs: number;
}

interface RunningApp {
  name: AppName;
  port: number;
  process: ChildProcess;
  logFile: string;
  exited: Promise<ExitResult & { at: number }>;
}

const everyChild = new Set<ChildProcess>();

function mailDirOf(portBase: number): string {
  return join(REPO_ROOT, 'tmp/mail', String(portBase));
}
// Whatever happens to the test run (a hook timing out, a crash), no service outlives it.
process.once('exit', () => {
  for (const child of everyChild) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The services as real processes, built from dist/, on the test database and topics. */
export class Stack {
  private readonly logFiles = new Map<AppName, string>();

  private constructor(
    private readonly running: Map<AppName, RunningApp>,
    readonly acquirer: RunningStandIn | undefined,
    /** Where this stack's ports start: pass it to `Stack.start` to restart an app on its port. */
    readonly portBase: number,
    private readonly identityProvider?: ChildProcess,
  ) {
    for (const app of running.values()) this.logFiles.set(app.name, app.logFile);
  }

  static async start(options: StackOptions): Promise<Stack> {
    const entry = (app: AppName) => join(REPO_ROOT, 'dist/apps', app, 'src/main.js');
    const missing = options.apps.filter((app) => !existsSync(entry(app)));
    if (missing.length > 0) throw new Error(`not built: ${missing.join(', ')}; run npm run build`);
    const logDir = join(REPO_ROOT, 'tmp/logs');
    mkdirSync(logDir, { recursive: true });
    const processesCards = options.apps.includes('orders-v4') || options.apps.includes('payments-v3');
    const withStandIn = processesCards && options.liveProcessor !== 'none';
    const withIdentityProvider = options.apps.includes('console') && options.identityProvider !== 'none';
    const portBase =
      options.portBase ??
      (await freePortBase([
        ...options.apps.map((app) => APPS.indexOf(app)),
        ...(withStandIn ? [STAND_IN_OFFSET] : []),
        ...(withIdentityProvider ? [OIDC_STAND_IN_OFFSET] : []),
      ]));
    const running = new Map<AppName, RunningApp>();
    if (options.portBase === undefined) rmSync(mailDirOf(portBase), { recursive: true, force: true });
    const runId = randomUUID().slice(0, 8);
    recordRunTopicPrefix(options.env?.KAFKA_TOPIC_PREFIX ?? testInfrastructure.topicPrefix);
    const acquirer = withStandIn
      ? await startIyzicoStandIn({
          port: portBase + STAND_IN_OFFSET,
          slowMs: STAND_IN_SLOW_MS,
          processorTimeoutMs: STAND_IN_PROCESSOR_TIMEOUT_MS,
          logFile: join(logDir, `iyzico-stand-in-${portBase + STAND_IN_OFFSET}.log`),
        })
      : undefined;
    if (acquirer) everyChild.add(acquirer.process);
    // A console restarted on its stack's ports keeps the provider that stack started (still
    // holding the port); a second one could not listen there.
    const reusedIdentityProvider =
      withIdentityProvider && options.portBase !== undefined ? await runningOidcStandIn(portBase + OIDC_STAND_IN_OFFSET) : undefined;
    const identityProvider =
      withIdentityProvider && !reusedIdentityProvider
        ? await startOidcStandIn({
            port: portBase + OIDC_STAND_IN_OFFSET,
            consoleUrl: `http://127.0.0.1:${portBase + APPS.indexOf('console')}`,
            logFile: join(logDir, `oidc-stand-in-${portBase + OIDC_STAND_IN_OFFSET}.log`),
          })
        : undefined;
    if (identityProvider) everyChild.add(identityProvider.process);
    const identityProviderSettings = (reusedIdentityProvider ?? identityProvider)?.env;
    for (const app of options.apps) {
      const port = portBase + APPS.indexOf(app);
      const logFile = join(logDir, `${app}-${port}.log`);
      const log = createWriteStream(logFile, { flags: 'w' });
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry(app)], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          NODE_OPTIONS: serviceNodeOptions(app),
          LOG_LEVEL: 'info',
          DATABASE_URL: testInfrastructure.adminDatabaseUrl,
          KAFKA_BROKERS: testInfrastructure.kafkaBrokers,
          KAFKA_TOPIC_PREFIX: testInfrastructure.topicPrefix,
          HTTP_HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_BASE_URL: `http://127.0.0.1:${portBase}`,
          CHECKOUT_PUBLIC_URL: `http://127.0.0.1:${portBase + APPS.indexOf('checkout')}`,
          PANEL_PUBLIC_URL: `http://127.0.0.1:${portBase + APPS.indexOf('panel')}`,
          CONSOLE_PUBLIC_URL: `http://127.0.0.1:${portBase + APPS.indexOf('console')}`,
          // The panel's mails land here as files (the suites read them); its password hashes cost less than production's.
          MAIL_SINK_DIR: mailDirOf(portBase),
          PASSWORD_HASH_COST: '12',
          WEBHOOK_ALLOW_LOOPBACK: 'true',
          KAFKAJS_NO_PARTITIONER_WARNING: '1',
          // Stopping consumers wait out their last fetch: tests stop stacks often, so they wait less.
          KAFKA_FETCH_MAX_WAIT_MS: '500',
          KAFKA_SOLE_FETCH_MAX_WAIT_MS: '500',
          // Each stack counts its rate limits apart from earlier runs and other stacks.
          RATE_LIMIT_PREFIX: `rl-test-${runId}`,
          // Live counts a card across merchants, and suites pay live with the spec's test cards:
          // card limits apart from the suite that tests them would count other suites' orders.
          CARD_DAILY_ATTEMPTS: '1000000',
          CARD_DAILY_AMOUNT: '9999999999.00',
          // Every suite's customer is 127.0.0.1: the per-address card attempt limit is tested on its own.
          CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR: '100000',
          // And every suite's panel user signs in from 127.0.0.1: the per-address sign-in limit is tested on its own.
          SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100000',
          ...acquirer?.env,
          ...(app === 'console' ? identityProviderSettings : {}),
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      everyChild.add(child);
      child.once('exit', () => everyChild.delete(child));
      // Two sources into one file: neither may end it while the other still writes.
      child.stdout?.pipe(log, { end: false });
      child.stderr?.pipe(log, { end: false });
      child.once('close', () => log.end());
      const started = Date.now();
      // A child's 'exit' can come before its last lines are through the pipe: an exit counts once
      // its log is complete too (a suite reads it next), or after 5 s at most.
      const logComplete = new Promise<void>((resolve) => {
        log.once('finish', resolve);
        child.once('exit', () => setTimeout(resolve, 5000).unref());
      });
      const exited = new Promise<ExitResult & { at: number }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, durationMs: Date.now() - started, at: Date.now() })),
      ).then(async (result) => {
        await logComplete;
        return result;
      });
      running.set(app, { name: app, port, process: child, logFile, exited });
    }
    const stack = new Stack(running, acquirer, portBase, identityProvider?.process);
    try {
      await Promise.all([...running.values()].map((app) => stack.waitReady(app, options.readyTimeoutMs ?? 90000)));
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The mails the panel sent, oldest first. */
  mails(): Array<{ to: string; subject: string; text: string }> {
    const directory = mailDirOf(this.portBase);
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .sort()
      .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')));
  }

  url(app: AppName): string {
    const running = this.running.get(app);
    if (!running) throw new Error(`${app} is not part of this stack`);
    return `http://127.0.0.1:${running.port}`;
  }

  pid(app: AppName): number | undefined {
    return this.running.get(app)?.process.pid;
  }

  logs(app: AppName): string {
    const file = this.logFiles.get(app);
    return file ? readFileSync(file, 'utf8') : '';
  }

  /** Sends SIGTERM to one app and reports how it ended and how long it took from the signal. */
  async terminate(app: AppName): Promise<ExitResult> {
    const running = this.running.get(app);
    if (!running) throw new Error(`${app} is not part of this stack`);
    const signalled = Date.now();
    running.process.kill('SIGTERM');
    const killer = setTimeout(() => running.process.kill('SIGKILL'), 30000);
    const result = await running.exited;
    clearTimeout(killer);
    this.running.delete(app);
    return { code: result.code, signal: result.signal, durationMs: result.at - signalled };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.keys()].map((app) => this.terminate(app)));
    for (const standIn of [this.acquirer?.process, this.identityProvider]) {
      if (!standIn || standIn.exitCode !== null) continue;
      const exited = new Promise((resolve) => standIn.once('exit', resolve));
      standIn.kill('SIGTERM');
      await exited;
    }
  }

  private async waitReady(app: RunningApp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void app.exited.then(() => (exited = true));
    while (Date.now() < deadline && !exited) {
      try {
        const response = await fetch(`http://127.0.0.1:${app.port}/readyz`);
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const tail = readFileSync(app.logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`${app.name} did not become ready (${exited ? 'it exited' : 'timeout'}):\n${tail}`);
  }
}

/**
 * Where outgoing connections take their local ports (Linux's ip_local_port_range): a stack's
 * ports must stay below it, or a Kafka or Postgres client can take one between the probe and
 * the app's listen (EADDRINUSE).
 */
function ephemeralPortsStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** A base (a multiple of 100 from 20000, below the ephemeral ports) at which every port the stack needs is free now. */
export async function freePortBase(offsets: number[]): Promise<number> {
  const blocks = Math.max(1, Math.floor((ephemeralPortsStart() - 100 - 20000) / 100));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const base = 20000 + randomInt(0, blocks) * 100;
    const free = await Promise.all(offsets.map((offset) => portIsFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free block of ports for a test stack');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
