import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1764300000000 } from './migrations/1764300000000-messaging-tables';
import { Operators1764300000100 } from './migrations/1764300000100-operators';
import { OperatorIdpIdentity1764300000200 } from './migrations/1764300000200-operator-idp-identity';

/** The schema this app owns and its migrations, in order. */
export const DATABASE = {
  schema: 'console',
  migrations: [MessagingTables1764300000000, Operators1764300000100, OperatorIdpIdentity1764300000200] as MigrationClass[],
};
