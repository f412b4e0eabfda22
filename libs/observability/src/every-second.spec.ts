import { EVERY_SECOND_MS, everySecond } from './every-second';

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
});
