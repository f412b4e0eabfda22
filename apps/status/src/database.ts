import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Maintenance1763700000100 } from './migrations/1763700000100-maintenance';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'status',
  migrations: [MessagingTables1763700000000, Maintenance1763700000100] as MigrationClass[],
};
