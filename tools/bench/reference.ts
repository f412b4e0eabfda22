import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { ensureDatabase } from '@platform/persistence';
import { REPO_ROOT, testInfrastructure } from '@platform/testing';
import type { ArrivalRequest } from './constant-arrival';

/**
 * The single-process reference of ../shared/perf-reference (HMAC check, then idempotency row,
 * payment and outbox row in one transaction), run in the same sitting as the platform so the
 * ratios hold on a noisy machine. Copied to .cache/perf-reference and installed from its own
 * lock file on first use; its database is `perf` on the test server.
 */
const SOURCE = process.env.PERF_REFERENCE_DIR ?? join(REPO_ROOT, '../shared/perf-reference');
const HOME = join(REPO_ROOT, '.cache/perf-reference');
const PORT = 3000;

export function referenceAvailable(): boolean {
  return existsSync(join(SOURCE, 'api.js'));
}

export async function prepareReference(): Promise<string> {
  if (!existsSync(join(HOME, 'node_modules'))) {
    cpSync(SOURCE, HOME, { recursive: true, filter: (path) => !path.includes('node_modules') });
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], { cwd: HOME, stdio: 'inherit' });
  }
  const url = new URL(testInfrastructure.adminDatabaseUrl);
  url.pathname = '/perf';
  await ensureDatabase(url.toString());
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS idem (key text PRIMARY KEY, merchant_id int NOT NULL, created_at timestamptz DEFAULT now());
      CREATE TABLE IF NOT EXISTS payments (id uuid PRIMARY KEY, merchant_id int NOT NULL, amount bigint NOT NULL, status text NOT NULL, created_at timestamptz DEFAULT now());
      CREATE TABLE IF NOT EXISTS outbox (id bigserial PRIMARY KEY, topic text NOT NULL, payload jsonb NOT NULL, created_at timestamptz DEFAULT now());`);
  } finally {
    await db.end();
  }
  return url.toString();
}

/** Starts the reference on :3000 (`nest` or `fastify`) and waits until it answers. */
export async function startReference(kind: 'nest' | 'fastify', databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['api.js', kind], {
    cwd: HOME,
    env: { ...process.env, PERF_DB_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('up') && resolve());
    child.once('exit', (code) => reject(new Error(`reference ${kind} exited with ${code}`)));
  });
  return child;
}

export async function stopReference(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const BODY = JSON.stringify({ merchant: 7, amount: 1999, currency: 'USD', description: 'card order' });
const SIGNATURE = createHmac('sha256', 'whsec_test').update(BODY).digest('hex');

/** The load of the reference's own load.js: a signed POST with a new Idempotency-Key per request. */
export function referenceLoad(seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/payments',
        headers: { 'content-type': 'application/json', 'x-signature': SIGNATURE },
        setupRequest: (request) => ({ ...request, body: BODY, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
      },
    ],
  });
}

/** The same requests for the constant-arrival generator, so the open loop has a reference too. */
export function referenceArrival(): ArrivalRequest {
  return {
    url: `http://127.0.0.1:${PORT}/payments`,
    method: 'POST',
    body: BODY,
    headers: () => ({ 'content-type': 'application/json', 'x-signature': SIGNATURE, 'idempotency-key': randomUUID() }),
  };
}
