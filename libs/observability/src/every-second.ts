/** The period of `everySecond`. */
export const EVERY_SECOND_MS = 1000;
/**
 * The period of `everySecond` while the process rests (`restChores`). The chores sweep Kafka
 * requests that time out after 30 s and watch an idle loop for stalls: a few seconds late is
 * nothing to either, and it is four wakeups in five fewer for an idle service.
 */
export const RESTING_PERIOD_MS = 5000;

interface Chore {
  run: (lateMs: number) => void;
  keepsAlive: boolean;
}

const chores = new Set<Chore>();
let timer: NodeJS.Timeout | undefined;
let periodMs = EVERY_SECOND_MS;
let dueAt = 0;

/**
 * Runs `run` once a second on the one timer every once-a-second chore of the process shares (the
 * event-loop watch, the Kafka request-timeout sweep). Each on an interval of its own fired at its
 * own moment, and each moment woke an idle process: on a machine where a wakeup costs 0.1–0.3 CPU
 * ms, that is most of what an idle service spends. Chores run in the order they joined and are
 * told how late the timer ran. The timer keeps the process alive only while a chore that asks to
 * (`keepsAlive`) is on it, and stops with the last one. Returns the chore's cancel.
 */
export function everySecond(run: (lateMs: number) => void, options: { keepsAlive?: boolean } = {}): () => void {
  const chore: Chore = { run, keepsAlive: options.keepsAlive ?? false };
  chores.add(chore);
  if (timer) holdProcessWhileAsked();
  else arm();
  return () => {
    if (!chores.delete(chore)) return;
    if (chores.size > 0) return holdProcessWhileAsked();
    clearTimeout(timer);
    timer = undefined;
  };
}

/**
 * While `resting` (the event-loop watch finds the loop idle), the chores run every
 * RESTING_PERIOD_MS instead of every second; the watch ends the rest once the loop has work.
 */
export function restChores(resting: boolean): void {
  const next = resting ? RESTING_PERIOD_MS : EVERY_SECOND_MS;
  if (next === periodMs) return;
  periodMs = next;
  if (!timer) return;
  clearTimeout(timer);
  arm();
}

function arm(): void {
  dueAt = performance.now() + periodMs;
  timer = setTimeout(runChores, periodMs);
  holdProcessWhileAsked();
}

function runChores(): void {
  const lateMs = Math.max(0, performance.now() - dueAt);
  arm();
  for (const chore of [...chores]) chore.run(lateMs);
}

function holdProcessWhileAsked(): void {
  if ([...chores].some((chore) => chore.keepsAlive)) timer?.ref();
  else timer?.unref();
}
