import { EVERY_SECOND_MS, RESTING_PERIOD_MS, everySecond, restChores } from './every-second';

describe('everySecond', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every chore of the process on one timer, in the order they joined, so an idle process wakes once a second', () => {
    const ran: string[] = [];
    const cancelWatch = everySecond(() => ran.push('watch'));
    jest.advanceTimersByTime(300);
    // Joined 300 ms later, it still runs in the same wakeup as the first.
    const cancelSweep = everySecond(() => ran.push('sweep'), { keepsAlive: true });
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(EVERY_SECOND_MS - 300);
    expect(ran).toEqual(['watch', 'sweep']);
    jest.advanceTimersByTime(EVERY_SECOND_MS);
    expect(ran).toEqual(['watch', 'sweep', 'watch', 'sweep']);
    cancelWatch();
    cancelWatch();
    jest.advanceTimersByTime(EVERY_SECOND_MS);
    expect(ran.slice(4)).toEqual(['sweep']);
    cancelSweep();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps the process alive only while a chore that asks to is on the timer', () => {
    jest.useRealTimers();
    // The timers that keep the process alive: an unref'd one is not among them.
    const holding = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;
    const before = holding();
    const cancelWatch = everySecond(() => undefined);
    const alone = holding() - before;
    const cancelSweep = everySecond(() => undefined, { keepsAlive: true });
    const withSweep = holding() - before;
    cancelSweep();
    const afterSweep = holding() - before;
    cancelWatch();
    expect([alone, withSweep, afterSweep, holding() - before]).toEqual([0, 1, 0, 0]);
  });

  it('runs every 5 s while the process rests and every second again once it stops resting, telling each chore how late it ran', () => {
    const ran: number[] = [];
    const cancel = everySecond((lateMs) => ran.push(lateMs));
    try {
      jest.advanceTimersByTime(EVERY_SECOND_MS);
      expect(ran).toHaveLength(1);
      restChores(true);
      jest.advanceTimersByTime(RESTING_PERIOD_MS - 1);
      expect(ran).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(ran).toHaveLength(2);
      restChores(false);
      jest.advanceTimersByTime(EVERY_SECOND_MS);
      expect(ran).toHaveLength(3);
      expect(ran.every((lateMs) => lateMs === 0)).toBe(true);
    } finally {
      cancel();
      restChores(false);
    }
  });

  it('reports the time a stalled loop held the timer up past its due moment', async () => {
    jest.useRealTimers();
    const late: number[] = [];
    const cancel = everySecond((lateMs) => late.push(lateMs));
    const until = performance.now() + EVERY_SECOND_MS + 300;
    while (performance.now() < until);
    // Due after the chore's timer, so it runs after it in the same pass over the timers.
    await new Promise((resolve) => setTimeout(resolve, 1));
    cancel();
    expect(late).toHaveLength(1);
    expect(late[0]).toBeGreaterThanOrEqual(250);
    expect(late[0]).toBeLessThan(1000);
  });
});
