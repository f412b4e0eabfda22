import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { deletePrefixedTopicsAndGroups } from '../prefixed-kafka-cleanup';
import { RUN_TOPIC_PREFIXES_FILE, recordRunTopicPrefix } from '../run-topic-prefixes';
import { testInfrastructure } from '../test-environment';
import globalTeardown from './global-teardown';

describe("the run's global teardown (real broker)", () => {
  const admin = new Kafka({ clientId: 'teardown-spec', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING }).admin();
  const run = randomUUID().slice(0, 8);
  const recorded = [`teardown-a-${run}.`, `teardown-b-${run}.`];
  /** Made during the run too, but by nothing that recorded it: another checkout's, say. */
  const unrecorded = `teardown-other-${run}.`;
  const runFile = process.env[RUN_TOPIC_PREFIXES_FILE];

  beforeAll(() => admin.connect());
  afterAll(async () => {
    // Assigning undefined would set the text "undefined", a file name the run would then write to.
    if (runFile === undefined) delete process.env[RUN_TOPIC_PREFIXES_FILE];
    else process.env[RUN_TOPIC_PREFIXES_FILE] = runFile;
    await deletePrefixedTopicsAndGroups(unrecorded);
    await admin.disconnect();
  });

  it('deletes the topics under every prefix the run recorded, and nothing else', async () => {
    const topics = [...recorded, unrecorded].map((prefix) => `${prefix}payments.commands.v1`);
    await admin.createTopics({ topics: topics.map((topic) => ({ topic })), waitForLeaders: true });
    process.env[RUN_TOPIC_PREFIXES_FILE] = join(mkdtempSync(join(tmpdir(), 'teardown-')), 'prefixes.txt');
    for (const prefix of recorded) recordRunTopicPrefix(prefix);

    await globalTeardown();

    const left = (await admin.listTopics()).filter((topic) => topic.includes(run));
    expect(left).toEqual([`${unrecorded}payments.commands.v1`]);
  });
});
