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

  /**
   * Counts an attempt before anything is checked, in one statement, so attempts sent at once
   * are counted at once: the address is refused (with when it may try again) once its window
   * holds more failed attempts than SIGN_IN_MAX_FAILURES_PER_ADDRESS. A successful attempt
   * is taken back with `succeeded`, so only failures use up the window.
   */
  async attempt(address: string): Promise<{ refusedUntil?: Date; window: Date }> {
    const { start, end } = this.window();
    const attempts = await this.users.countAddressFailure(address, start, new Date(start.getTime() - this.windowMs()));
    return { refusedUntil: attempts > this.config.SIGN_IN_MAX_FAILURES_PER_ADDRESS ? end : undefined, window: start };
  }

  async succeeded(address: string, window: Date): Promise<void> {
    await this.users.forgiveAddressFailure(address, window);
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
