import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { testInfrastructure } from './test-environment';
import { TopicEvents } from './topic-events';

/** The follower the end-to-end suites wait on, against the real broker. */
describe('TopicEvents', () => {
  const kafka = new Kafka({ clientId: 'topic-events-it', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const name = `topic-events-it-${randomUUID()}`;
  const topic = `${testInfrastructure.topicPrefix}${name}`;

  const send = async (...orderCodes: string[]) => {
    const producer = kafka.producer();
    await producer.connect();
    const events = orderCodes.map((order_code) => ({ value: JSON.stringify({ event_type: 'it.v1', payload: { order_code } }) }));
    await producer.send({ topic, messages: events });
    await producer.disconnect();
  };

  beforeAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    // History the follower must not read: earlier runs' events on the shared test topics.
    await send('first', 'second');
  });

  afterAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  });

  it('reads what is written once it has started, not the history before it, and says how many it read when the awaited ones never come', async () => {
    const events = await TopicEvents.follow(name);
    try {
      await send('third');
      const found = await events.waitFor((event) => event.payload?.order_code === 'third');
      expect(found.map((event) => event.payload.order_code)).toEqual(['third']);
      expect(events.seen((event) => ['first', 'second'].includes(event.payload?.order_code))).toEqual([]);
      await expect(events.waitFor((event) => event.payload?.order_code === 'fourth', 1, 500)).rejects.toThrow(
        'only 0 of 1 expected events arrived (1 read from the topic)',
      );
    } finally {
      await events.stop();
    }
  });
});
