import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
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

  /**
   * A consumer that has joined its group and stays a member until it is disconnected. It reads a
   * neighbour's topic, so deleting the prefix's topics cannot make it leave by itself.
   */
  async function memberOf(groupId: string): Promise<Consumer> {
    const topic = `${neighbour}members.v1`;
    await admin.createTopics({ topics: [{ topic }], waitForLeaders: true });
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({ eachMessage: async () => undefined });
    await joined;
    return consumer;
  }

  it('waits for a member that is still leaving, then deletes its group', async () => {
    const prefix = `${mine}leaving.`;
    await admin.createTopics({ topics: [{ topic: `${prefix}payments.commands.v1` }], waitForLeaders: true });
    const consumer = await memberOf(`${prefix}payments-v3`);
    const leaves = sleep(1500).then(() => consumer.disconnect());

    await expect(deletePrefixedTopicsAndGroups(prefix)).resolves.toEqual({ topics: 1, groups: 1 });

    await leaves;
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId);
    expect(groups).not.toContain(`${prefix}payments-v3`);
  });

  it('still deletes the topics when a member never leaves, and names the group it could not delete', async () => {
    const prefix = `${mine}stuck.`;
    await admin.createTopics({ topics: [{ topic: `${prefix}payments.commands.v1` }], waitForLeaders: true });
    const consumer = await memberOf(`${prefix}payments-v3`);
    try {
      await expect(deletePrefixedTopicsAndGroups(prefix, { groupsEmptyWithinMs: 1500 })).rejects.toThrow(
        `consumer groups not deleted: ${prefix}payments-v3 (NON_EMPTY_GROUP)`,
      );
      expect((await admin.listTopics()).filter((topic) => topic.startsWith(prefix))).toEqual([]);
    } finally {
      await consumer.disconnect();
    }
    await expect(deletePrefixedTopicsAndGroups(prefix)).resolves.toMatchObject({ topics: 0 });
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId);
    expect(groups).not.toContain(`${prefix}payments-v3`);
  });

  it('refuses an empty prefix, which would match every topic', async () => {
    await expect(deletePrefixedTopicsAndGroups('')).rejects.toThrow(/prefix is required/);
  });
});
