import { ParkedEventsKeyedByMessage1764200000100 } from './migrations/1764200000100-parked-events-keyed-by-message';
import { ApiKeyFirstUse1763700000400 } from './migrations/1763700000400-api-key-first-use';
import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Merchants1763700000100 } from './migrations/1763700000100-merchants';
import { MerchantBroadcastVersion1763700000200 } from './migrations/1763700000200-merchant-broadcast-version';
import { HostedFrameOrigins1763700000300 } from './migrations/1763700000300-hosted-frame-origins';
import { OperatorTokens1763700000500 } from './migrations/1763700000500-operator-tokens';
import { ParkedEvents1764200000000 } from './migrations/1764200000000-parked-events';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'gateway',
  migrations: [
    MessagingTables1763700000000,
    Merchants1763700000100,
    MerchantBroadcastVersion1763700000200,
    HostedFrameOrigins1763700000300,
    ApiKeyFirstUse1763700000400,
    OperatorTokens1763700000500,
    ParkedEvents1764200000000,
    ParkedEventsKeyedByMessage1764200000100,
  ] as MigrationClass[],
};
