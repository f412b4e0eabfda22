import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TOPIC_SPECS } from '@platform/contracts';
import { EventConsumer, KafkaConnection, OutboxRelay, RpcClient, RpcServer } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import { MaintenanceFlags } from './maintenance-flags';
import { MerchantSettings } from './merchant-settings';
import { ReadinessService } from './readiness.service';
import { CONFIG, LOGGER } from './tokens';
import type { BaseConfig } from './config';
import type { ServiceDefinition } from './service-kit.module';

export const SERVICE_DEFINITION = Symbol('SERVICE_DEFINITION');

/**
 * Starts the Kafka side once the app's handlers are registered, and on SIGTERM stops
 * taking work first (consumers leave their groups after finishing the messages in hand),
 * lets HTTP finish its requests, then closes Kafka and Postgres.
 */
@Injectable()
export class ServiceLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(
    @Inject(SERVICE_DEFINITION) private readonly definition: ServiceDefinition,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: BaseConfig,
    private readonly readiness: ReadinessService,
    private readonly dataSource: DataSource,
    private readonly kafka: KafkaConnection,
    private readonly rpcServer: RpcServer,
    private readonly rpcClient: RpcClient,
    private readonly events: EventConsumer,
    private readonly relay: OutboxRelay,
    private readonly merchantSettings: MerchantSettings,
    private readonly maintenance: MaintenanceFlags,
  ) {}

  /** The reference-data copies this service keeps (its definition says which). */
  private get referenceCopies(): Array<MerchantSettings | MaintenanceFlags> {
    return [...(this.definition.merchantSettings ? [this.merchantSettings] : []), ...(this.definition.maintenance ? [this.maintenance] : [])];
  }

  async onApplicationBootstrap(): Promise<void> {
    this.readiness.register({ name: 'postgres', check: async () => void (await this.dataSource.query('SELECT 1')) });
    this.readiness.register({ name: 'kafka', check: () => this.kafka.ping() });
    // Production topics are made by the topics job with the deployment's replication and retention.
    if (this.config.NODE_ENV === 'production') await this.kafka.verifyTopics(TOPIC_SPECS);
    else await this.kafka.ensureTopics(TOPIC_SPECS);
    // Answer commands only with copies as current as their topics were at start. Started in one
    // turn, the copies share one consumer.
    await Promise.all(this.referenceCopies.map((copy) => copy.start()));
    await Promise.all(this.referenceCopies.map((copy) => copy.ready));
    if (this.definition.rpcClient) await this.rpcClient.start();
    await this.rpcServer.start();
    await this.events.start();
    await this.relay.start();
    this.logger.info('messaging started');
  }

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.logger.info({ signal }, 'shutting down: draining work in hand');
    this.readiness.markDraining();
    await Promise.all([this.rpcServer.stop(), this.events.stop()]);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    // Each waits out its consumer's last fetch (up to KAFKA_SOLE_FETCH_MAX_WAIT_MS): together, once.
    await Promise.all([...this.referenceCopies.map((copy) => copy.stop()), this.rpcClient.stop()]);
    await this.kafka.close();
    await this.dataSource.destroy();
    this.logger.info('stopped');
  }
}
