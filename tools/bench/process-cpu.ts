import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (Linux's USER_HZ, 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used so far, with those of its children that
 * exited (Postgres backends end with their connections: their time moves to the postmaster's
 * cutime/cstime); 0 once the process is gone.
 */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state: utime, stime, cutime, cstime are the 12th to 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every process whose command name is `name` (Postgres runs one per connection). */
export function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}

/** The Kafka broker's JVM: the process whose command line runs kafka.Kafka. */
export function kafkaBrokerPid(): number | undefined {
  return pidsNamed('java').find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('kafka.Kafka');
    } catch {
      return false;
    }
  });
}

/**
 * CPU used by groups of processes between `start` and `stop`: what a scenario costs each part
 * of the system (gateway, service, broker, Postgres), per 1,000 requests. Postgres is looked up
 * again at the end, since it starts a backend per connection.
 */
export class CpuMeter {
  private before = new Map<string, number>();

  constructor(private readonly groups: Record<string, () => number[]>) {}

  start(): void {
    this.before = new Map(Object.entries(this.groups).map(([name, pids]) => [name, sum(pids().map(cpuSecondsOf))]));
  }

  /** CPU seconds each group used since `start`. */
  used(): Record<string, number> {
    return Object.fromEntries(Object.entries(this.groups).map(([name, pids]) => [name, sum(pids().map(cpuSecondsOf)) - (this.before.get(name) ?? 0)]));
  }

  /** CPU seconds per 1,000 requests for each group, e.g. `gateway 0.41 · kafka 0.20`. */
  perThousand(requests: number): string {
    return Object.entries(this.used())
      .map(([name, seconds]) => `${name} ${((seconds * 1000) / Math.max(requests, 1)).toFixed(2)}`)
      .join(' · ');
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
