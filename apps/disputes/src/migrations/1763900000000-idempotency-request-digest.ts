import type { MigrationInterface, QueryRunner } from 'typeorm';
import { idempotencyDigestDown, idempotencyDigestUp } from '@platform/persistence';

/**
 * Each key keeps the digest of its first request (request line, body hash, one hash per
 * top-level body field, never the body) so that a conflicting repeat's 9000039 names what
 * differs and the key inspector shows the request (ADR 0034). Older keys keep null.
 */
export class IdempotencyRequestDigest1763900000000 implements MigrationInterface {
  name = 'IdempotencyRequestDigest1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyDigestUp('disputes')) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyDigestDown('disputes')) await runner.query(sql);
  }
}
