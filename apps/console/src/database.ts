import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1764300000000 } from './migrations/1764300000000-messaging-tables';
import { Operators1764300000100 } from './migrations/1764300000100-operators';

/** The schema this app owns and its migrations, in order. */
export const DATABASE = {
  schema: 'console',
  migrations: [MessagingTables1764300000000, Operators1764300000100] as MigrationClass[],
};
