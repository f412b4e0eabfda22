import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '@platform/testing';

/** The bench's own stack: the gateway's port and the acquirer stand-in's (tools/bench.ts, portBase 28080). */
const BENCH_PORTS = [28080, 28175];

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function outputUntil(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/**
 * `kill <bench pid>` (a CI step's timeout, a terminal closed) must stop what the bench started:
 * left running, its services and stand-ins keep their ports, and the next `npm run bench` fails
 * with "the iyzico stand-in exited with 1".
 */
describe('npm run bench stopped by a signal', () => {
  let bench: ChildProcess | undefined;

  // The bench in a process group of its own: whatever it leaves behind is killed with it here,
  // so a failure of this test does not hold the ports of the tests after it.
  afterAll(() => {
    try {
      process.kill(-bench!.pid!, 'SIGKILL');
    } catch {
      // the group is gone: nothing was left
    }
  });

  it('stops its services and stand-ins, and frees their ports for the next run', async () => {
    for (const port of BENCH_PORTS) expect(await listening(port)).toBe(false);
    const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/tools/bench.js')], {
      cwd: REPO_ROOT,
      // No scenario matches: the bench starts its stack, warms the gateway up and would then stop.
      env: { ...process.env, BENCH_REFERENCE: 'off', BENCH_ONLY: 'no such scenario' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    bench = child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await outputUntil(child, 'gateway RSS after warm-up', 120_000);
    expect(await listening(28080)).toBe(true);

    child.kill('SIGTERM');

    expect(await exited).toBe(143);
    for (const port of BENCH_PORTS) expect(await listening(port)).toBe(false);
  }, 180_000);
});
