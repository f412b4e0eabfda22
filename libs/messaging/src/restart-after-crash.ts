import type { Consumer, ConsumerRunConfig } from 'kafkajs';
import type { Logger } from '@platform/observability';

/** How long a consumer waits before running again after a crash kafkajs does not restart, doubling up to the cap. */
const CRASH_RESTART_FIRST_MS = 1000;
const CRASH_RESTART_CAP_MS = 30_000;

/**
 * kafkajs restarts a crashed consumer only when it deems the error retriable. After a broker
 * restart some are not ("Failed to find group coordinator" while the broker loads its groups), and
 * the consumer then stays stopped for good: a service that reads no more events, and says so in
 * one log line. This runs it again, with the same handler and subscriptions, after a pause that
 * doubles while it keeps failing. A consumer disconnected on purpose is not restarted.
 */
export function restartAfterCrash(consumer: Consumer, logger: Logger): Consumer {
  let runConfig: ConsumerRunConfig | undefined;
  let stopped = false;
  let pause = CRASH_RESTART_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  const run = consumer.run.bind(consumer);
  const disconnect = consumer.disconnect.bind(consumer);

  const runAgain = async () => {
    timer = undefined;
    if (stopped || !runConfig) return;
    try {
      await consumer.connect();
      // Disconnected on purpose while it was connecting: not to be run again.
      if (stopped) return void (await disconnect());
      await run(runConfig);
      pause = CRASH_RESTART_FIRST_MS;
    } catch (error) {
      logger.error({ err: error, retryInMs: pause }, 'consumer could not run again after its crash');
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void runAgain(), pause);
    pause = Math.min(pause * 2, CRASH_RESTART_CAP_MS);
  };

  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart || stopped) return;
    logger.error({ err: payload.error, groupId: payload.groupId, retryInMs: pause }, 'consumer crashed and kafkajs will not restart it: running it again');
    schedule();
  });
  consumer.run = async (config) => {
    runConfig = config;
    return run(config);
  };
  consumer.disconnect = async () => {
    stopped = true;
    clearTimeout(timer);
    return disconnect();
  };
  return consumer;
}
