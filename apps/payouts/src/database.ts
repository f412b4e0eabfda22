import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Withdrawals1763700000100 } from './migrations/1763700000100-withdrawals';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'payouts',
  migrations: [MessagingTables1763700000000, Withdrawals1763700000100] as MigrationClass[],
};
