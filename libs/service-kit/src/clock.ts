/**
 * Business time: expiry, the 3-D Secure window, pending lookups, settlement, evidence
 * deadlines, retries. Services ask the clock instead of `new Date()`, so a test moves
 * time instead of waiting or editing rows. (Timeouts of I/O and durations in metrics are
 * not business time and keep to the process clock.)
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
