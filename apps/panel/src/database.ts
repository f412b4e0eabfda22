import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1764000000000 } from './migrations/1764000000000-messaging-tables';
import { MerchantUsers1764000000100 } from './migrations/1764000000100-merchant-users';
import { AddressSignInFailures1764000000200 } from './migrations/1764000000200-address-sign-in-failures';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'panel',
  migrations: [MessagingTables1764000000000, MerchantUsers1764000000100, AddressSignInFailures1764000000200] as MigrationClass[],
};
