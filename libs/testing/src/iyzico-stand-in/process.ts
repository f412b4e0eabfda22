import type { ChildProcess } from 'node:child_process';
import { spawnStandIn } from '../stand-in-process';

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
  const { url, process: child } = await spawnStandIn({
    name: 'iyzico stand-in',
    entry: 'dist/libs/testing/src/iyzico-stand-in/main.js',
    env: { PORT: String(options.port), IYZICO_API_KEY: STAND_IN_API_KEY, IYZICO_SECRET_KEY: STAND_IN_SECRET_KEY, SLOW_MS: String(options.slowMs) },
    logFile: options.logFile,
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
