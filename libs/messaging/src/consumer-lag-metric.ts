import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '@platform/observability';
import type { KafkaConnection } from './kafka-connection';

interface LagSource {
  consumer: string;
  topics: () => string[];
}

const sourcesByRegistry = new WeakMap<Registry, LagSource[]>();

/**
 * Reports a consumer group's lag per partition as `kafka_consumer_lag`, read from the broker at
 * each scrape. Every group of a service (event consumer, command consumer) shares the one
 * gauge of its registry; a failed read leaves that group out rather than failing the scrape.
 */
export function reportConsumerLag(registry: Registry, connection: KafkaConnection, logger: Logger, source: LagSource): void {
  let sources = sourcesByRegistry.get(registry);
  if (!sources) {
    const registered: LagSource[] = [];
    sources = registered;
    sourcesByRegistry.set(registry, registered);
    new Gauge({
      name: 'kafka_consumer_lag',
      help: 'Messages on the topic the consumer group has not committed yet, per partition',
      labelNames: ['consumer', 'topic', 'partition'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { consumer, topics } of registered) {
          if (topics().length === 0) continue;
          try {
            for (const { topic, partition, lag } of await connection.consumerLag(consumer, topics()))
              this.set({ consumer, topic, partition: String(partition) }, lag);
          } catch (error) {
            logger.warn({ consumer, err: error instanceof Error ? error.message : String(error) }, 'consumer lag not read');
          }
        }
      },
    });
  }
  sources.push(source);
}
