import { MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule';

describe('retry schedule', () => {
  const failedAt = new Date('2026-11-22T10:00:00Z');

  it('waits the spec’s times before attempts 2 to 11', () => {
    const waits = Array.from({ length: 10 }, (_, i) => (nextAttemptAt(i + 1, MAX_ATTEMPTS, failedAt)!.getTime() - failedAt.getTime()) / 1000);
    expect(waits).toEqual([60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 172800]);
  });

  it('schedules nothing after the eleventh attempt', () => {
    expect(MAX_ATTEMPTS).toBe(11);
    expect(nextAttemptAt(11, MAX_ATTEMPTS, failedAt)).toBeNull();
  });

  it('schedules nothing after the single attempt of a re-queued delivery', () => {
    expect(nextAttemptAt(12, 12, failedAt)).toBeNull();
  });
});
