import { ParkedEventsKeyedByMessage1763700000500 } from './migrations/1763700000500-parked-events-keyed-by-message';
import { ParkedEvents1763700000400 } from './migrations/1763700000400-parked-events';
import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Journal1763700000100 } from './migrations/1763700000100-journal';
import { ReversalReservations1763700000200 } from './migrations/1763700000200-reversal-reservations';
import { FxRateCodes1763700000300 } from './migrations/1763700000300-fx-rate-codes';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'ledger',
  migrations: [
    MessagingTables1763700000000,
    Journal1763700000100,
    ReversalReservations1763700000200,
    FxRateCodes1763700000300,
    ParkedEvents1763700000400,
    ParkedEventsKeyedByMessage1763700000500,
  ] as MigrationClass[],
};
