import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An operator who signs in through the company's OpenID Connect provider is known by the
 * provider's issuer and subject (the e-mail may change there; the subject does not). One person
 * of a provider is one operator.
 */
export class OperatorIdpIdentity1764300000200 implements MigrationInterface {
  name = 'OperatorIdpIdentity1764300000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE console.operators ADD COLUMN idp_issuer text, ADD COLUMN idp_subject text`);
    await runner.query(`ALTER TABLE console.operators ADD CONSTRAINT operators_idp_identity UNIQUE (idp_issuer, idp_subject)`);
    await runner.query(`ALTER TABLE console.operators ADD CONSTRAINT operators_idp_both CHECK ((idp_issuer IS NULL) = (idp_subject IS NULL))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE console.operators DROP COLUMN idp_subject, DROP COLUMN idp_issuer`);
  }
}
