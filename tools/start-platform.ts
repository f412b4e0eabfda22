import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { PLATFORM_APPS, serviceNodeOptions, type PlatformApp } from '@platform/contracts';
import { SPANS_FILE, spanFileReceiver } from './trace-file';

/**
 * `npm start` after infrastructure, build and migrations: runs every service as a
 * process with its logs in .platform/logs, waits until each is ready, prints the URLs,
 * and on Ctrl-C or SIGTERM stops them all gracefully. With `--traces`, it also receives every
 * service's traces (OTLP/HTTP) and writes them to .cache/traces/spans.jsonl, which
 * `npm run traces -- --file` prints as trees.
 */
const ROOT = join(__dirname, '../..');
const LOG_DIR = join(ROOT, '.platform/logs');
const BASE_PORT = 8080;
/** The panel's mails (invitations, password resets) as JSON files: no SMTP relay on a laptop. */
const MAIL_DIR = join(ROOT, 'tmp/mail');

function portOf(app: PlatformApp): number {
  return BASE_PORT + PLATFORM_APPS.indexOf(app);
}

/** Local settings of one app, which the caller's environment may override. */
function localDefaults(app: PlatformApp): Record<string, string> {
  if (app === 'panel') return { PANEL_PUBLIC_URL: `http://127.0.0.1:${portOf('panel')}`, MAIL_SINK_DIR: MAIL_DIR };
  if (app === 'console') return { CONSOLE_PUBLIC_URL: `http://127.0.0.1:${portOf('console')}` };
  return {};
}

async function waitReady(app: PlatformApp, child: ChildProcess, timeoutMs = 120000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${app} exited with code ${child.exitCode}; see .platform/logs/${app}.log`);
    try {
      if ((await fetch(`http://127.0.0.1:${portOf(app)}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${app} was not ready after ${timeoutMs / 1000}s; see .platform/logs/${app}.log`);
}

async function main(): Promise<void> {
  mkdirSync(LOG_DIR, { recursive: true });
  const started = Date.now();
  const children = new Map<PlatformApp, ChildProcess>();
  let stopping = false;
  const stopAll = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nstopping the platform…\n');
    await Promise.all(
      [...children].map(
        ([app, child]) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', (code) => {
              process.stdout.write(`  ${app.padEnd(20)} stopped (exit ${code ?? 'signal'})\n`);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());
  const tracesTo = process.argv.includes('--traces') ? await spanFileReceiver().start(Number(process.env.TRACES_PORT ?? 4318)) : undefined;

  for (const app of PLATFORM_APPS) {
    const log = createWriteStream(join(LOG_DIR, `${app}.log`), { flags: 'a' });
    const child = spawn(process.execPath, [join(ROOT, 'dist/apps', app, 'src/main.js')], {
      cwd: ROOT,
      env: {
        KAFKAJS_NO_PARTITIONER_WARNING: '1',
        ...localDefaults(app),
        ...process.env,
        // The platform's flags, and the caller's after them (a later flag wins).
        NODE_OPTIONS: [serviceNodeOptions(app), process.env.NODE_OPTIONS].filter(Boolean).join(' '),
        ...(tracesTo ? { OTEL_EXPORTER_OTLP_ENDPOINT: tracesTo } : {}),
        PORT: String(portOf(app)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Own process group: Ctrl-C reaches this supervisor only, which stops the services in order.
      detached: true,
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    children.set(app, child);
  }
  try {
    await Promise.all([...children].map(([app, child]) => waitReady(app, child)));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll();
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const panelMail = process.env.MAIL_SMTP_URL ? 'mails over SMTP' : `mails in ${relative(ROOT, resolve(ROOT, process.env.MAIL_SINK_DIR || MAIL_DIR))}/`;
  process.stdout.write(
    [
      '',
      `The platform is up (services ready in ${seconds}s). Logs: .platform/logs/<app>.log`,
      '',
      `  Merchant API and operator API  http://127.0.0.1:${portOf('gateway')}   (/api/v3, /api/v4, /admin/v1)`,
      `  Customer pages                 http://127.0.0.1:${portOf('checkout')}`,
      `  Merchant panel                 http://127.0.0.1:${portOf('panel')}   (${panelMail})`,
      `  Operator console               http://127.0.0.1:${portOf('console')}   (first admin: npm run console:create-admin -- --email you@example.com)`,
      `  Service status (public)        http://127.0.0.1:${portOf('gateway')}/api/v3/service-status`,
      ...PLATFORM_APPS.map((app) => `  ${app.padEnd(30)} http://127.0.0.1:${portOf(app)}/readyz`),
      '',
      ...(tracesTo ? [`Traces of every service go to ${SPANS_FILE}; print them as trees: npm run traces -- --file`, ''] : []),
      'A sandbox merchant with API credentials for this machine:  npm run sandbox-merchant',
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

void main();
