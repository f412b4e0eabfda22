import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './test-environment';

/**
 * Starts a stand-in for an outside party (built to dist/ with the rest) as its own process on
 * loopback, and answers its address once it prints `listening at <url>`.
 */
export async function spawnStandIn(options: {
  name: string;
  entry: string;
  env: Record<string, string>;
  logFile: string;
}): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, options.entry)], {
    env: { PATH: process.env.PATH, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile, { flags: 'w' });
  child.stderr?.pipe(log);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${options.name} did not start`)), 15_000);
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
      reject(new Error(`the ${options.name} exited with ${code}`));
    });
  });
  return { url, process: child };
}
