/** Time, injectable so that the retry schedule can be walked in tests without waiting. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => new Date() };
