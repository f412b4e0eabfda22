import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1764000000000 } from './migrations/1764000000000-messaging-tables';
import { MerchantUsers1764000000100 } from './migrations/1764000000100-merchant-users';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'panel',
  migrations: [MessagingTables1764000000000, MerchantUsers1764000000100] as MigrationClass[],
};
