import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `node dist/tools/bench/profile-summary.js DIR [TOP] [SECONDS]`: what each `--cpu-prof` profile of
 * a bench run (BENCH_PROFILE_DIR) spent its samples on: by package or platform lib (self time) and
 * the top functions, so a change is aimed at what the profile shows. With SECONDS, only the
 * busiest stretch of that length counts: a profile runs from the service's start, and module
 * loading, warm-up and the idle minutes around a scenario otherwise share the page with it.
 * For flame graphs open the .cpuprofile files in Chrome DevTools or speedscope.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  /** Microseconds between each sample and the one before it (the first: since the profile began). */
  timeDeltas: number[];
}

/**
 * The samples [from, to) of the `seconds`-long stretch with the most samples that are not idle (the
 * latest of equals): under load, the scenario itself.
 */
export function busiestWindow(samples: number[], timeDeltas: number[], isIdle: (nodeId: number) => boolean, seconds: number): [number, number] {
  const span = seconds * 1_000_000;
  const times: number[] = [];
  let now = 0;
  for (const delta of timeDeltas) times.push((now += delta));
  let best: [number, number] = [0, 0];
  let bestBusy = -1;
  let busy = 0;
  let from = 0;
  for (let to = 0; to < samples.length; to += 1) {
    if (!isIdle(samples[to]!)) busy += 1;
    while (times[to]! - times[from]! >= span) {
      if (!isIdle(samples[from]!)) busy -= 1;
      from += 1;
    }
    if (busy >= bestBusy) {
      bestBusy = busy;
      best = [from, to + 1];
    }
  }
  return best;
}

/** Where a function lives: an npm package, a platform app or lib, node's own code, or V8's (GC, idle, program). */
export function owner(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch) return packageMatch[1]!;
  const platform = /dist\/(apps|libs)\/([^/]+)/.exec(url);
  if (platform) return `${platform[1]}/${platform[2]}`;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  return url;
}

function appOf(profile: Profile): string {
  const main = profile.nodes.map((node) => /dist\/apps\/([^/]+)\/src\/main\.js/.exec(node.callFrame.url)?.[1]).find(Boolean);
  return main ?? 'unknown';
}

function summarize(file: string, top: number, seconds?: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const isIdle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
  const [from, to] = seconds ? busiestWindow(profile.samples, profile.timeDeltas, isIdle, seconds) : [0, profile.samples.length];
  const samples = profile.samples.slice(from, to);
  const counts = new Map<number, number>();
  for (const sample of samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const total = samples.length;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, count] of counts) {
    const { callFrame } = byId.get(id)!;
    const where = owner(callFrame.url, callFrame.functionName);
    byOwner.set(where, (byOwner.get(where) ?? 0) + count);
    const name = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
  }
  const share = (entries: Map<string, number>) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, count]) => `  ${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  const stretch = seconds ? `, the busiest ${seconds} s` : '';
  return `${appOf(profile)} (${total} samples${stretch})\n by owner:\n${share(byOwner)}\n top functions (self):\n${share(byFunction)}\n`;
}

function main(): void {
  const [dir, top = '15', window] = process.argv.slice(2);
  const seconds = window === undefined ? undefined : Number(window);
  if (!dir || (seconds !== undefined && !(seconds > 0))) throw new Error('usage: profile-summary DIR [TOP] [SECONDS]');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    process.stdout.write(`${summarize(join(dir, file), Number(top), seconds)}\n`);
  }
}

if (require.main === module) main();
