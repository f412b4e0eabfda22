import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { testInfrastructure } from './test-environment';

type Envelope = Record<string, any>;

/**
 * Reads a platform topic of the test stacks from where it ends when `follow` is called and keeps
 * every event, so a test can wait for the ones its own actions produced. Not from its beginning:
 * the shared test topics keep every earlier run's events (24 h), and reading ~40,000 of them
 * took a wait past its deadline on a busy machine.
 */
export class TopicEvents {
  private readonly events: Envelope[] = [];
  private readonly waiters = new Set<() => void>();
  /** What went wrong in the follower itself, so a wait that times out says which side failed. */
  private readonly crashes: string[] = [];

  private constructor(private readonly consumer: Consumer) {}

  static async follow(topic: string): Promise<TopicEvents> {
    const kafka = new Kafka({ clientId: 'topic-events', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
    const fullName = `${testInfrastructure.topicPrefix}${topic}`;
    // The ends are read before anything is consumed: whatever is written from here on is at or after them.
    const admin = kafka.admin();
    await admin.connect();
    const ends = await admin.fetchTopicOffsets(fullName).finally(() => admin.disconnect());
    const consumer = kafka.consumer({ groupId: `topic-events-${randomUUID()}`, maxWaitTimeInMs: 200 });
    await consumer.connect();
    await consumer.subscribe({ topic: fullName, fromBeginning: true });
    const follower = new TopicEvents(consumer);
    consumer.on(consumer.events.CRASH, ({ payload }) => follower.crashes.push(payload.error?.message ?? String(payload.error)));
    await consumer.run({
      eachMessage: async ({ message }) => {
        follower.events.push(JSON.parse(message.value!.toString()) as Envelope);
        for (const wake of follower.waiters) wake();
      },
    });
    for (const { partition, offset } of ends) consumer.seek({ topic: fullName, partition, offset });
    return follower;
  }

  /** The events matching `predicate`, once there are at least `count` of them. */
  async waitFor(predicate: (event: Envelope) => boolean, count = 1, timeoutMs = 20000): Promise<Envelope[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.events.filter(predicate);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline) {
        const crashed = this.crashes.length ? `; the follower crashed: ${this.crashes.join('; ')}` : '';
        throw new Error(`only ${matching.length} of ${count} expected events arrived (${this.events.length} read from the topic${crashed})`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 250);
      });
    }
  }

  /** Every event seen so far matching `predicate`. */
  seen(predicate: (event: Envelope) => boolean): Envelope[] {
    return this.events.filter(predicate);
  }

  stop(): Promise<void> {
    return this.consumer.disconnect();
  }
}

/**
 * Sends a `payment.paid` event the ledger cannot read (its payload lacks every fact), as a broken
 * producer would: the ledger parks it instead of applying it. Answers the event's id.
 */
export async function sendUnreadableMoneyEvent(): Promise<string> {
  const kafka = new Kafka({ clientId: `broken-producer-${randomUUID()}`, brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  const eventId = randomUUID();
  const broken = { event_id: eventId, event_type: 'payment.paid', occurred_at: new Date().toISOString(), payload: { merchant_code: 'MRC-000001' } };
  try {
    await producer.send({ topic: `${testInfrastructure.topicPrefix}payments.events.v1`, messages: [{ key: 'MRC-000001', value: JSON.stringify(broken) }] });
  } finally {
    await producer.disconnect();
  }
  return eventId;
}
