import { randomUUID } from 'node:crypto';
import { FxRateChanged, MerchantEnvironmentChanged, TOPIC_SPECS, merchantEnvironmentKey, type EventContract } from '@platform/contracts';
import { createLogger } from '@platform/observability';
import { merchantEnvironmentFixture, publishFxRates, publishMerchantSettings, recordRunTopicPrefix, testInfrastructure } from '@platform/testing';
import { KafkaConnection } from './kafka-connection';
import { ReferenceDataReader } from './reference-data-reader';

/**
 * Reference copies on the real broker: each reads its whole compacted topic and follows it, and
 * the copies a service starts together cost it one consumer, not one each.
 */
const logger = createLogger('reference-it', 'warn');
const run = randomUUID().slice(0, 8);
const topicPrefix = `ref-it-${run}.`;
recordRunTopicPrefix(topicPrefix);
const merchant = merchantEnvironmentFixture({ merchant_code: `mer_${run}0000`, environment: 'live', version: 1 });
const settingsKey = merchantEnvironmentKey(merchant.merchant_code, merchant.environment);

describe('reference data copies', () => {
  let kafka: KafkaConnection;
  const started: ReferenceDataReader<unknown>[] = [];

  function copyOf<P>(contract: EventContract<P>): ReferenceDataReader<P> {
    const reader = new ReferenceDataReader(kafka, contract, logger);
    started.push(reader as ReferenceDataReader<unknown>);
    return reader;
  }

  /** The consumer groups of this connection's copies that have a member now. */
  async function liveCopyGroups(): Promise<string[]> {
    const admin = kafka.kafka.admin();
    await admin.connect();
    try {
      const ours = (await admin.listGroups()).groups
        .map((group) => group.groupId)
        .filter((id) => id.startsWith(kafka.group(`reference.${kafka.settings.clientId}.`)));
      const { groups } = await admin.describeGroups(ours);
      return groups.filter((group) => group.members.length > 0).map((group) => group.groupId);
    } finally {
      await admin.disconnect();
    }
  }

  beforeAll(async () => {
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `reference-it-${run}`, topicPrefix }, logger);
    await kafka.ensureTopics(TOPIC_SPECS);
    await publishMerchantSettings(topicPrefix, [merchant]);
    await publishFxRates(topicPrefix, { TRY: '0.029', USDT: '1.0' });
  });

  afterAll(async () => {
    await Promise.all(started.map((reader) => reader.stop()));
    await kafka.close();
  });

  it('reads two topics through one consumer when started together, and each copy holds only its own topic', async () => {
    const settings = copyOf(MerchantEnvironmentChanged);
    const rates = copyOf(FxRateChanged);
    await Promise.all([settings.start(), rates.start()]);
    await Promise.all([settings.ready, rates.ready]);

    expect(settings.get(settingsKey)?.name).toBe(merchant.name);
    expect(rates.get('TRY')?.usd_per_unit).toBe('0.029');
    expect([settings.get('TRY'), rates.get(settingsKey)]).toEqual([undefined, undefined]);
    expect(await liveCopyGroups()).toHaveLength(1);

    // Both follow what is published after they caught up.
    await publishFxRates(topicPrefix, { TRY: '0.031' });
    await publishMerchantSettings(topicPrefix, [{ ...merchant, name: 'Renamed Merchant', version: 2 }]);
    expect(await rates.until(() => rates.get('TRY')?.usd_per_unit === '0.031', 10_000)).toBe(true);
    expect(await settings.until(() => settings.get(settingsKey)?.name === 'Renamed Merchant', 10_000)).toBe(true);
  });

  it('gives a copy started later a consumer of its own that reads its topic from the start', async () => {
    const before = await liveCopyGroups();
    const late = copyOf(FxRateChanged);
    await late.start();
    await late.ready;
    expect(late.get('TRY')?.usd_per_unit).toBe('0.031');
    expect(late.get('USDT')?.usd_per_unit).toBe('1.0');
    expect(await liveCopyGroups()).toHaveLength(before.length + 1);
  });

  it('keeps following for the copies still running when one that shared their consumer stops', async () => {
    const settings = copyOf(MerchantEnvironmentChanged);
    const rates = copyOf(FxRateChanged);
    await Promise.all([settings.start(), rates.start()]);
    await Promise.all([settings.ready, rates.ready]);
    const groups = (await liveCopyGroups()).length;

    await settings.stop();
    await publishFxRates(topicPrefix, { TRY: '0.033' });
    expect(await rates.until(() => rates.get('TRY')?.usd_per_unit === '0.033', 10_000)).toBe(true);
    expect(await liveCopyGroups()).toHaveLength(groups);

    await rates.stop();
    expect(await liveCopyGroups()).toHaveLength(groups - 1);
  });
});
