import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Request fingerprints written before this release were keyed hashes that included the CVV;
 * nothing derived from a CVV may be kept (PCI DSS 3.3.1.2). Each becomes `legacy:<amount>`,
 * and a repeat of such an order is compared by amount. Card fingerprints move to the key only
 * orders-v4 holds, so the old ones cannot match new orders: they are cleared.
 */
export class FingerprintsWithoutCvv1763700000600 implements MigrationInterface {
  name = 'FingerprintsWithoutCvv1763700000600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `UPDATE orders.orders SET request_fingerprint = 'legacy:' || amount::text, card_fingerprint = NULL WHERE request_fingerprint NOT LIKE 'v2:%'`,
    );
  }

  async down(): Promise<void> {
    // The purged values cannot come back.
  }
}
