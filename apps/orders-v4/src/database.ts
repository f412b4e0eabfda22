import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { BinTable1763700000100 } from './migrations/1763700000100-bin-table';
import { Orders1763700000200 } from './migrations/1763700000200-orders';
import { SandboxScenario1763700000300 } from './migrations/1763700000300-sandbox-scenario';
import { IssuerAvailability1763700000400 } from './migrations/1763700000400-issuer-availability';
import { CardUsageIndex1763700000500 } from './migrations/1763700000500-card-usage-index';
import { FingerprintsWithoutCvv1763700000600 } from './migrations/1763700000600-fingerprints-without-cvv';
import { ProcessorAttempts1763700000700 } from './migrations/1763700000700-processor-attempts';
import { PageAttempts1763700000800 } from './migrations/1763700000800-page-attempts';
import { AccountVolumeHours1763700000900 } from './migrations/1763700000900-account-volume-hours';
import { OrderIdKeyLeadsWithOrderId1763700001000 } from './migrations/1763700001000-order-id-key-leads-with-order-id';
import { OrderVersions1763700001100 } from './migrations/1763700001100-order-versions';
import { AccountVolumeOncePerCommit1763700001200 } from './migrations/1763700001200-account-volume-once-per-commit';
import { OrdersExpiryDue1763700001300 } from './migrations/1763700001300-orders-expiry-due';
import { OrderIdClaims1763700001400 } from './migrations/1763700001400-order-id-claims';
import { ThreeDPerOrder1763700001500 } from './migrations/1763700001500-three-d-per-order';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'orders',
  migrations: [
    MessagingTables1763700000000,
    BinTable1763700000100,
    Orders1763700000200,
    SandboxScenario1763700000300,
    IssuerAvailability1763700000400,
    CardUsageIndex1763700000500,
    FingerprintsWithoutCvv1763700000600,
    ProcessorAttempts1763700000700,
    PageAttempts1763700000800,
    AccountVolumeHours1763700000900,
    OrderIdKeyLeadsWithOrderId1763700001000,
    OrderVersions1763700001100,
    AccountVolumeOncePerCommit1763700001200,
    OrdersExpiryDue1763700001300,
    OrderIdClaims1763700001400,
    ThreeDPerOrder1763700001500,
  ] as MigrationClass[],
};
