/** The period of `everySecond`. */
export const EVERY_SECOND_MS = 1000;

interface Chore {
  run: () => void;
  keepsAlive: boolean;
}

const chores = new Set<Chore>();
let timer: NodeJS.Timeout | undefined;

/**
 * Runs `run` once a second on the one timer every once-a-second chore of the process shares (the
 * event-loop watch, the Kafka request-timeout sweep). Each on an interval of its own fired at its
 * own moment, and each moment woke an idle process: on a machine where a wakeup costs 0.1–0.3 CPU
 * ms, that is most of what an idle service spends. Chores run in the order they joined. The timer
 * keeps the process alive only while a chore that asks to (`keepsAlive`) is on it, and stops with
 * the last one. Returns the chore's cancel.
 */
export function everySecond(run: () => void, options: { keepsAlive?: boolean } = {}): () => void {
  const chore: Chore = { run, keepsAlive: options.keepsAlive ?? false };
  chores.add(chore);
  timer ??= setInterval(runChores, EVERY_SECOND_MS);
  holdProcessWhileAsked();
  return () => {
    if (!chores.delete(chore)) return;
    if (chores.size > 0) return holdProcessWhileAsked();
    clearInterval(timer);
    timer = undefined;
  };
}

function runChores(): void {
  for (const chore of [...chores]) chore.run();
}

function holdProcessWhileAsked(): void {
  if ([...chores].some((chore) => chore.keepsAlive)) timer?.ref();
  else timer?.unref();
}
