import { randomUUID } from 'node:crypto';
import { Test, type TestingModule, type TestingModuleBuilder } from '@nestjs/testing';
import type { z } from 'zod';
import { TOPIC_SPECS } from '@platform/contracts';
import { KafkaConnection } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { ServiceKitModule, kafkaSettingsOf, loadConfig, type BaseConfig, type ServiceSpec } from '@platform/service-kit';
import { recordRunTopicPrefix, testInfrastructure } from '@platform/testing';

export interface CompiledService {
  module: TestingModule;
  /** The Kafka topic prefix of this compiled service alone, for fixtures published to it. */
  topicPrefix: string;
}

/**
 * One service as its main.ts wires it (service kit + the app's modules), compiled by the Nest
 * testing module on the test database and its own topic prefix, without HTTP. `override`
 * swaps providers (a FakeRpcClient for the peers, a TestClock, a failing repository);
 * call `prepare` to publish fixtures before the service reads its topics. Closing the module
 * stops it as SIGTERM would.
 */
export async function compileService<S extends z.ZodType<BaseConfig, z.ZodTypeDef, unknown>>(
  spec: ServiceSpec<S>,
  options: {
    env?: Record<string, string>;
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
    prepare?: (topicPrefix: string) => Promise<void>;
  } = {},
): Promise<CompiledService> {
  const topicPrefix = `it-${spec.name}-${randomUUID().slice(0, 8)}.`;
  const config = loadConfig(spec.name, spec.configSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.IT_LOG_LEVEL ?? 'warn',
    DATABASE_URL: testInfrastructure.adminDatabaseUrl,
    KAFKA_BROKERS: testInfrastructure.kafkaBrokers,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    // A closing service waits out its reply reader's and copies' last fetch: suites close many.
    KAFKA_SOLE_FETCH_MAX_WAIT_MS: '500',
    ...options.env,
  });
  recordRunTopicPrefix(config.KAFKA_TOPIC_PREFIX);
  const logger = createLogger(`${spec.name}-it`, config.LOG_LEVEL);
  if (options.prepare) {
    const kafka = new KafkaConnection(kafkaSettingsOf(config, `${spec.name}-it-fixtures`), logger);
    try {
      await kafka.ensureTopics(TOPIC_SPECS);
    } finally {
      await kafka.close();
    }
    await options.prepare(topicPrefix);
  }
  const builder = Test.createTestingModule({ imports: [ServiceKitModule.forRoot(spec, config, logger), ...spec.imports(config, logger)] });
  const module = await (options.override?.(builder) ?? builder).compile();
  await module.init();
  return { module, topicPrefix };
}
