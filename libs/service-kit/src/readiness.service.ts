import { Inject, Injectable } from '@nestjs/common';
import type { BaseConfig } from './config';
import { CONFIG } from './tokens';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

/**
 * Readiness means "can serve": a dependency that fails is reported at once (`degraded`) but
 * makes the pod unready only once it has failed for READINESS_GRACE_MS without a success, so a
 * broker or database blip of a few seconds does not take every pod out of its Service at the
 * same moment (the clients reconnect by themselves; liveness never looks at dependencies).
 */
@Injectable()
export class ReadinessService {
  private readonly checks: ReadinessCheck[] = [];
  private readonly failingSince = new Map<string, number>();
  private draining = false;
  /** The process clock (not business time); replaced in unit tests. */
  now: () => number = Date.now;

  constructor(@Inject(CONFIG) private readonly config: Pick<BaseConfig, 'READINESS_GRACE_MS'>) {}

  register(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  /** Once shutdown starts the service reports not ready, so a balancer stops sending work. */
  markDraining(): void {
    this.draining = true;
  }

  async check(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    if (this.draining) return { ready: false, checks: { shutdown: 'draining' } };
    const outcomes = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          this.failingSince.delete(name);
          return [name, 'ok'] as const;
        } catch {
          const since = this.failingSince.get(name) ?? this.now();
          this.failingSince.set(name, since);
          return [name, this.now() - since >= this.config.READINESS_GRACE_MS ? 'failing' : 'degraded'] as const;
        }
      }),
    );
    return { ready: outcomes.every(([, state]) => state !== 'failing'), checks: Object.fromEntries(outcomes) };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]);
}
