import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { testInfrastructure } from './test-environment';
import { TopicEvents } from './topic-events';

/** The follower the end-to-end suites wait on, against the real broker. */
describe('TopicEvents', () => {
  const kafka = new Kafka({ clientId: 'topic-events-it', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const name = `topic-events-it-${randomUUID()}`;
  const topic = `${testInfrastructure.topicPrefix}${name}`;

  beforeAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    const producer = kafka.producer();
    await producer.connect();
    const events = ['first', 'second'].map((order_code) => ({ value: JSON.stringify({ event_type: 'it.v1', payload: { order_code } }) }));
    await producer.send({ topic, messages: events });
    await producer.disconnect();
  });

  afterAll(async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [topic] });
    await admin.disconnect();
  });

  it('reads events written before it started, and says how many it read when the awaited ones never come', async () => {
    const events = await TopicEvents.follow(name);
    try {
      const found = await events.waitFor((event) => event.payload?.order_code === 'second');
      expect(found.map((event) => event.payload.order_code)).toEqual(['second']);
      await expect(events.waitFor((event) => event.payload?.order_code === 'third', 1, 500)).rejects.toThrow(
        'only 0 of 1 expected events arrived (2 read from the topic)',
      );
    } finally {
      await events.stop();
    }
  });
});
