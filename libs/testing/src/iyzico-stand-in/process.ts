import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../test-environment';

/** The credentials the stand-in accepts, and the settings that point the platform at it. */
export const STAND_IN_API_KEY = 'stand-in-api-key';
export const STAND_IN_SECRET_KEY = 'stand-in-secret-key';

export interface RunningStandIn {
  url: string;
  process: ChildProcess;
  /** What orders-v4 and payments-v3 need to send live payments to it. */
  env: Record<string, string>;
}

/** Starts the iyzico stand-in as its own process on loopback (built to dist/ with the rest). */
export async function startIyzicoStandIn(options: { port: number; slowMs: number; processorTimeoutMs: number; logFile: string }): Promise<RunningStandIn> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'dist/libs/testing/src/iyzico-stand-in/main.js')], {
    env: {
      PATH: process.env.PATH,
      PORT: String(options.port),
      IYZICO_API_KEY: STAND_IN_API_KEY,
      IYZICO_SECRET_KEY: STAND_IN_SECRET_KEY,
      SLOW_MS: String(options.slowMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'w' });
  child.stderr?.pipe(log);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the iyzico stand-in did not start')), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      const match = /listening at (\S+)/.exec(chunk.toString('utf8'));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the iyzico stand-in exited with ${code}`));
    });
  });
  return {
    url,
    process: child,
    env: {
      LIVE_CARD_PROCESSOR: 'iyzico',
      IYZICO_BASE_URL: url,
      IYZICO_API_KEY: STAND_IN_API_KEY,
      IYZICO_SECRET_KEY: STAND_IN_SECRET_KEY,
      PROCESSOR_TIMEOUT_MS: String(options.processorTimeoutMs),
    },
  };
}
