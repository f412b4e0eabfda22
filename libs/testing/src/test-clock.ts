/**
 * A clock that stands still until a test moves it; it fits wherever service-kit's `Clock` is
 * asked for (kept structural so that testing does not depend on service-kit).
 */
export class TestClock {
  private current: Date;

  constructor(start: Date) {
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(at: Date): void {
    this.current = new Date(at);
  }

  advance(milliseconds: number): Date {
    this.current = new Date(this.current.getTime() + milliseconds);
    return this.now();
  }
}
