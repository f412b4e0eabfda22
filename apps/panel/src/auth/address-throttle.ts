import { Inject, Injectable } from '@nestjs/common';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { UserRepository } from '../users/user.repository';

/**
 * Failed sign-ins per client address, in fixed windows of SIGN_IN_LOCK_MINUTES. The lock of
 * one account stops guessing its password; this stops one address from guessing a few
 * passwords of many accounts (and from spending the panel's CPU on password hashes).
 */
@Injectable()
export class AddressThrottle {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** When the address may try again, if it has used up this window's failures. */
  async refusedUntil(address: string): Promise<Date | undefined> {
    const { start, end } = this.window();
    const failures = await this.users.addressFailures(address, start);
    return failures >= this.config.SIGN_IN_MAX_FAILURES_PER_ADDRESS ? end : undefined;
  }

  async failed(address: string): Promise<void> {
    const { start } = this.window();
    await this.users.countAddressFailure(address, start, new Date(start.getTime() - this.windowMs()));
  }

  private window(): { start: Date; end: Date } {
    const length = this.windowMs();
    const start = Math.floor(this.clock.now().getTime() / length) * length;
    return { start: new Date(start), end: new Date(start + length) };
  }

  private windowMs(): number {
    return this.config.SIGN_IN_LOCK_MINUTES * 60_000;
  }
}
