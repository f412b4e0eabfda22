import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createServiceDataSource, type MigrationClass } from '@platform/persistence';
import { EventConsumer, KafkaConnection, KafkaEventPublisher, OutboxRelay, RpcClient, RpcServer } from '@platform/messaging';
import type { Logger } from '@platform/observability';
import { Clock, SystemClock } from './clock';
import type { BaseConfig } from './config';
import { databaseUrlOf } from './database-credentials';
import { kafkaSettingsOf } from './kafka-security';
import { HealthController } from './health.controller';
import { BusinessCounters } from './business-counters';
import { watchDatabasePool } from './database-pool-metrics';
import { Metrics, MetricsController } from './metrics';
import { MaintenanceFlags } from './maintenance-flags';
import { MerchantSettings } from './merchant-settings';
import { ReadinessService } from './readiness.service';
import { ServiceLifecycle, SERVICE_DEFINITION } from './service-lifecycle';
import { CONFIG, LOGGER } from './tokens';

export interface ServiceDefinition {
  /** The app's name: Kafka client id, consumer group, log field. */
  name: string;
  /** The Postgres schema the service owns. */
  schema: string;
  migrations: MigrationClass[];
  /** Only services that call others (the gateway, checkout) need a reply consumer. */
  rpcClient: boolean;
  /** Services that read merchant settings keep a local copy from the compacted topic. */
  merchantSettings?: boolean;
  /** Services whose operations an operator can pause keep a local copy of the maintenance switches. */
  maintenance?: boolean;
}

/** Everything an app stands on: config, logger, its database, Kafka, health, lifecycle. */
@Module({})
export class ServiceKitModule {
  static forRoot(definition: ServiceDefinition, config: BaseConfig, logger: Logger): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: Metrics, useValue: new Metrics(definition.name) },
        { provide: SERVICE_DEFINITION, useValue: definition },
        { provide: CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        ReadinessService,
        { provide: Clock, useClass: SystemClock },
        {
          provide: DataSource,
          inject: [Metrics],
          useFactory: async (metrics: Metrics) => {
            const dataSource = createServiceDataSource({
              url: databaseUrlOf(config, definition.schema),
              schema: definition.schema,
              migrations: definition.migrations,
              poolSize: config.DATABASE_POOL_SIZE,
              preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
              applicationName: definition.name,
            });
            await dataSource.initialize();
            watchDatabasePool(dataSource, metrics.registry);
            return dataSource;
          },
        },
        {
          provide: KafkaConnection,
          useFactory: () =>
            new KafkaConnection(
              {
                ...kafkaSettingsOf(config, definition.name),
                fetchMaxWaitMs: config.KAFKA_FETCH_MAX_WAIT_MS,
                soleFetchMaxWaitMs: config.KAFKA_SOLE_FETCH_MAX_WAIT_MS,
                repliesOnOwnPartition: config.RPC_REPLIES_OWN_PARTITION,
              },
              logger,
            ),
        },
        {
          provide: RpcServer,
          inject: [KafkaConnection, Metrics],
          useFactory: (kafka: KafkaConnection, metrics: Metrics) => new RpcServer(kafka, `${definition.name}.commands`, logger, metrics.registry),
        },
        {
          provide: RpcClient,
          inject: [KafkaConnection, Metrics],
          useFactory: (kafka: KafkaConnection, metrics: Metrics) => new RpcClient(kafka, logger, undefined, metrics.registry),
        },
        {
          provide: EventConsumer,
          inject: [KafkaConnection, DataSource, Metrics],
          useFactory: (kafka: KafkaConnection, dataSource: DataSource, metrics: Metrics) =>
            new EventConsumer(kafka, dataSource, definition.schema, `${definition.name}.events`, logger, metrics.registry),
        },
        {
          provide: OutboxRelay,
          inject: [KafkaConnection, DataSource, Metrics],
          useFactory: (kafka: KafkaConnection, dataSource: DataSource, metrics: Metrics) =>
            new OutboxRelay(dataSource, definition.schema, new KafkaEventPublisher(kafka), logger, { registry: metrics.registry }),
        },
        {
          provide: MerchantSettings,
          inject: [KafkaConnection],
          useFactory: (kafka: KafkaConnection) => new MerchantSettings(kafka, logger),
        },
        {
          provide: MaintenanceFlags,
          inject: [KafkaConnection, Clock],
          useFactory: (kafka: KafkaConnection, clock: Clock) => new MaintenanceFlags(kafka, logger, clock),
        },
        ServiceLifecycle,
        BusinessCounters,
      ],
      exports: [
        Clock,
        CONFIG,
        LOGGER,
        DataSource,
        MerchantSettings,
        MaintenanceFlags,
        KafkaConnection,
        RpcServer,
        RpcClient,
        EventConsumer,
        OutboxRelay,
        ReadinessService,
        Metrics,
        BusinessCounters,
      ],
    };
  }
}
