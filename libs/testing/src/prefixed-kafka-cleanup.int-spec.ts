import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { deletePrefixedTopicsAndGroups } from './prefixed-kafka-cleanup';
import { testInfrastructure } from './test-environment';

describe('deletePrefixedTopicsAndGroups (real broker)', () => {
  const kafka = new Kafka({ clientId: 'prefix-cleanup-spec', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  const run = randomUUID().slice(0, 8);
  const mine = `cleanup-${run}.`;
  /** Shares the first characters of `mine` but is another stack's: it must survive. */
  const neighbour = `cleanup-${run}-other.`;

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await deletePrefixedTopicsAndGroups(neighbour);
    await admin.disconnect();
  });

  /** A group with a committed offset: the broker keeps it after its last member leaves, as a stack's groups are kept. */
  async function groupThatReads(topic: string, groupId: string): Promise<void> {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic, messages: [{ value: 'one' }] });
    await producer.disconnect();
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const read = new Promise<string>((resolve) => void consumer.run({ autoCommit: false, eachMessage: async ({ message }) => resolve(message.offset) }));
    await consumer.commitOffsets([{ topic, partition: 0, offset: String(Number(await read) + 1) }]);
    await consumer.disconnect();
  }

  it("deletes the stack's own topics and groups and leaves every other one", async () => {
    const topics = [`${mine}payments.commands.v1`, `${mine}rpc.replies.v1`, `${neighbour}payments.commands.v1`];
    await admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: 1 })), waitForLeaders: true });
    await groupThatReads(topics[0]!, `${mine}payments-v3`);
    await groupThatReads(topics[2]!, `${neighbour}payments-v3`);

    await expect(deletePrefixedTopicsAndGroups(mine)).resolves.toEqual({ topics: 2, groups: 1 });

    const left = await admin.listTopics();
    expect(left).not.toContain(topics[0]);
    expect(left).not.toContain(topics[1]);
    expect(left).toContain(topics[2]);
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId);
    expect(groups).not.toContain(`${mine}payments-v3`);
    expect(groups).toContain(`${neighbour}payments-v3`);
    await expect(deletePrefixedTopicsAndGroups(mine)).resolves.toEqual({ topics: 0, groups: 0 });
  });

  it('refuses an empty prefix, which would match every topic', async () => {
    await expect(deletePrefixedTopicsAndGroups('')).rejects.toThrow(/prefix is required/);
  });
});
