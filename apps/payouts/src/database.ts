import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Withdrawals1763700000100 } from './migrations/1763700000100-withdrawals';
import { LedgerFollowUp1763700000200 } from './migrations/1763700000200-ledger-follow-up';
import { IdempotencyRequests1763800000000 } from './migrations/1763800000000-idempotency-requests';
import { IdempotencyRequestDigest1763900000000 } from './migrations/1763900000000-idempotency-request-digest';
import { WithdrawalApprovals1764100000000 } from './migrations/1764100000000-withdrawal-approvals';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'payouts',
  migrations: [
    MessagingTables1763700000000,
    Withdrawals1763700000100,
    LedgerFollowUp1763700000200,
    IdempotencyRequests1763800000000,
    IdempotencyRequestDigest1763900000000,
    WithdrawalApprovals1764100000000,
  ] as MigrationClass[],
};
