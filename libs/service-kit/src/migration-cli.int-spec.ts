import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { serviceRoleName } from '@platform/persistence';
import { testInfrastructure } from '@platform/testing';
import { migrateService, rolePasswordVariable } from './migration-cli';

/** The migration Job sets each service role's own password from its variable, and rotates it when the Secret changes. */
describe('migrate sets the service role password', () => {
  const schema = `pw_${randomUUID().slice(0, 8)}`;
  const role = serviceRoleName(schema);
  const admin = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
  const storedPassword = async () => (await admin.query('SELECT rolpassword FROM pg_authid WHERE rolname = $1', [role])).rows[0]?.rolpassword as string | null;

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`REVOKE ALL ON DATABASE ${admin.escapeIdentifier(new URL(testInfrastructure.adminDatabaseUrl).pathname.slice(1))} FROM ${role}`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it('stores no password under local trust, then the one given, hashed with SCRAM, and a new one on rotation', async () => {
    const env = { DATABASE_URL: testInfrastructure.adminDatabaseUrl };
    await migrateService('pw-test', { schema, migrations: [] }, env);
    expect(await storedPassword()).toBeNull();

    await migrateService('pw-test', { schema, migrations: [] }, { ...env, [rolePasswordVariable(schema)]: 'first-secret' });
    const first = await storedPassword();
    expect(first).toMatch(/^SCRAM-SHA-256\$/);
    expect(first).not.toContain('first-secret');

    await migrateService('pw-test', { schema, migrations: [] }, { ...env, [rolePasswordVariable(schema)]: 'second-secret' });
    expect(await storedPassword()).toMatch(/^SCRAM-SHA-256\$/);
    expect(await storedPassword()).not.toBe(first);
  });
});
