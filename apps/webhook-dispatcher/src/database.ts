import { ParkedEventsKeyedByMessage1763900000100 } from './migrations/1763900000100-parked-events-keyed-by-message';
import { InterruptedAttempts1763700000200 } from './migrations/1763700000200-interrupted-attempts';
import { ParkedEvents1763700000300 } from './migrations/1763700000300-parked-events';
import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Deliveries1763700000100 } from './migrations/1763700000100-deliveries';
import { IdempotencyRequests1763800000000 } from './migrations/1763800000000-idempotency-requests';
import { DeliveryTraceContext1763800000100 } from './migrations/1763800000100-delivery-trace-context';
import { IdempotencyRequestDigest1763900000000 } from './migrations/1763900000000-idempotency-request-digest';
import { OpenAttemptsIndex1764000000000 } from './migrations/1764000000000-open-attempts-index';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'webhooks',
  migrations: [
    MessagingTables1763700000000,
    Deliveries1763700000100,
    InterruptedAttempts1763700000200,
    ParkedEvents1763700000300,
    IdempotencyRequests1763800000000,
    DeliveryTraceContext1763800000100,
    IdempotencyRequestDigest1763900000000,
    ParkedEventsKeyedByMessage1763900000100,
    OpenAttemptsIndex1764000000000,
  ] as MigrationClass[],
};
