import { ApiError, Errors } from '@platform/contracts';
import type { CardProcessor } from './card-processor';
import { SandboxCardProcessor } from './sandbox-card-processor';

/** Injection token of the processors by environment. */
export const CARD_PROCESSORS = Symbol('CARD_PROCESSORS');

/**
 * Which processor serves an environment: the simulator serves sandbox and nothing else;
 * live has the configured connector or none, in which case live card payments are refused
 * before anything is stored (0055001).
 */
export class CardProcessors {
  private readonly sandbox = new SandboxCardProcessor();

  constructor(private readonly live: CardProcessor | null) {}

  for(environment: 'sandbox' | 'live'): CardProcessor {
    if (environment === 'sandbox') return this.sandbox;
    if (!this.live)
      throw new ApiError(Errors.AccountNotReady, 'Live card processing is not configured on this platform', {
        metadata: { audit_event: 'account.live_processing_unconfigured' },
      });
    return this.live;
  }

  /** The processor that started an attempt, by the name kept with it. */
  named(name: string | null, environment: 'sandbox' | 'live'): CardProcessor {
    const processor = this.for(environment);
    if (name !== null && processor.name !== name) throw new Error(`attempt started by ${name}, but ${environment} is served by ${processor.name}`);
    return processor;
  }

  get liveName(): string | null {
    return this.live?.name ?? null;
  }
}
