import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { signV4Request } from '@platform/signing';
import { OperatorClient, Stack } from '@platform/testing';

/**
 * `npm run bench`: the BIN lookup (gateway → Kafka → orders-v4 → Postgres → back) and
 * the public service status under load on this machine, with the gateway's memory.
 * Starts its own stack on ports 28080+; needs infrastructure up and a build (npm run
 * build). Bounded: each scenario runs BENCH_SECONDS (default 15) against 127.0.0.1 only.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function rssMegabytes(pid: number | undefined): string {
  if (!pid) return 'n/a';
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return `${(kb / 1024).toFixed(0)} MiB`;
}

async function scenario(name: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  process.stdout.write(
    `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  max ${result.latency.max} ms  ` +
      `non-2xx/errors ${non2xx} of ${result.requests.total}\n`,
  );
}

async function main(): Promise<void> {
  process.stdout.write(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}\n`);
  process.stdout.write(`load: ${CONNECTIONS} connections, ${SECONDS} s per scenario\n\n`);
  const stack = await Stack.start({ apps: ['gateway', 'orders-v4', 'status'], portBase: 28080, env: { LOG_LEVEL: 'warn', RATE_LIMIT_IP_PER_MINUTE: '100000000', RATE_LIMIT_KEY_PER_MINUTE: '100000000', RATE_LIMIT_STATUS_PER_MINUTE: '100000000' } });
  try {
    const gateway = stack.url('gateway');
    const merchant = await new OperatorClient(gateway).provisionMerchant();
    const path = '/api/v4/bins/435509?amount=100.00';
    const headers = {
      'X-CEK-Api-Key': merchant.apiKey,
      'X-CEK-Environment': 'sandbox',
      'X-CEK-Merchant-Code': merchant.merchantCode,
      ...signV4Request({ secret: merchant.apiSecret, method: 'GET', path }),
    };
    // Warm-up: JIT, connection pools, Kafka metadata.
    await autocannon({ url: `${gateway}${path}`, headers, duration: 3, connections: 4 });
    process.stdout.write(`gateway RSS after warm-up: ${rssMegabytes(stack.pid('gateway'))}\n`);
    await scenario('GET /api/v4/bins/{bin} (signed)', { url: `${gateway}${path}`, headers });
    await scenario('GET /api/v3/service-status', { url: `${gateway}/api/v3/service-status` });
    await scenario('GET /healthz (HTTP floor)', { url: `${gateway}/healthz` });
    process.stdout.write(`gateway RSS after load: ${rssMegabytes(stack.pid('gateway'))}\n`);
    process.stdout.write(`orders-v4 RSS after load: ${rssMegabytes(stack.pid('orders-v4'))}\n`);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
