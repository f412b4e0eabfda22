/** The spec's waits before attempts 2 to 11, counted from the previous failure, in seconds. */
export const RETRY_WAITS_SECONDS = [60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 172800] as const;

export const MAX_ATTEMPTS = RETRY_WAITS_SECONDS.length + 1;

/**
 * When the attempt after failed attempt `attemptNo` (1-based) is due, or null when none
 * follows. `timeScale` below 1 shortens the waits for end-to-end tests only.
 */
export function nextAttemptAt(attemptNo: number, maxAttempts: number, failedAt: Date, timeScale = 1): Date | null {
  if (attemptNo >= maxAttempts) return null;
  const wait = RETRY_WAITS_SECONDS[Math.min(attemptNo, RETRY_WAITS_SECONDS.length) - 1]!;
  return new Date(failedAt.getTime() + Math.round(wait * 1000 * timeScale));
}
