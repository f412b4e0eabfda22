import type { MigrationClass } from '@platform/persistence';
import { MessagingTables1763700000000 } from './migrations/1763700000000-messaging-tables';
import { Payments1763700000100 } from './migrations/1763700000100-payments';
import { PaymentAttempts1763700000200 } from './migrations/1763700000200-payment-attempts';
import { Reversals1763700000300 } from './migrations/1763700000300-reversals';
import { UsdtRate1763700000400 } from './migrations/1763700000400-usdt-rate';
import { ReversalLedgerStep1763700000500 } from './migrations/1763700000500-reversal-ledger-step';
import { AddressColumns1763700000600 } from './migrations/1763700000600-address-columns';
import { AttemptProcessor1763700000700 } from './migrations/1763700000700-attempt-processor';
import { PendingAttempts1763700000800 } from './migrations/1763700000800-pending-attempts';
import { IdempotencyRequests1763800000000 } from './migrations/1763800000000-idempotency-requests';
import { PaymentVersions1763800000100 } from './migrations/1763800000100-payment-versions';
import { IdempotencyRequestDigest1763900000000 } from './migrations/1763900000000-idempotency-request-digest';
import { ReversalApprovals1764100000000 } from './migrations/1764100000000-reversal-approvals';
import { PaymentsExpiryDue1764100000100 } from './migrations/1764100000100-payments-expiry-due';
import { PaymentsAwaitingBank1764400000000 } from './migrations/1764400000000-payments-awaiting-bank';
import { PaymentsByOwnerAndTime1763900000100 } from './migrations/1763900000100-payments-by-owner-and-time';

/** The schema this service owns and its migrations, in order. */
export const DATABASE = {
  schema: 'payments',
  migrations: [
    MessagingTables1763700000000,
    Payments1763700000100,
    PaymentAttempts1763700000200,
    Reversals1763700000300,
    UsdtRate1763700000400,
    ReversalLedgerStep1763700000500,
    AddressColumns1763700000600,
    AttemptProcessor1763700000700,
    PendingAttempts1763700000800,
    IdempotencyRequests1763800000000,
    PaymentVersions1763800000100,
    IdempotencyRequestDigest1763900000000,
    PaymentsByOwnerAndTime1763900000100,
    ReversalApprovals1764100000000,
    PaymentsExpiryDue1764100000100,
    PaymentsAwaitingBank1764400000000,
  ] as MigrationClass[],
};
