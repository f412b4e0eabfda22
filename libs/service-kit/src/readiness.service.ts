import { Injectable } from '@nestjs/common';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class ReadinessService {
  private readonly checks: ReadinessCheck[] = [];
  private draining = false;

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
          return [name, 'ok'] as const;
        } catch {
          return [name, 'failing'] as const;
        }
      }),
    );
    return { ready: outcomes.every(([, state]) => state === 'ok'), checks: Object.fromEntries(outcomes) };
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
