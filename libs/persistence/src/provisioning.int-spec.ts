import { Client } from 'pg';
import { testInfrastructure } from '@platform/testing';
import { serviceDatabaseUrl } from './database-urls';
import { ensureDatabase, provisionServiceSchema } from './provisioning';

/** Each service connects as a role that can touch its own schema and nothing else. */
describe('service schemas and roles', () => {
  const admin = testInfrastructure.adminDatabaseUrl;
  let alpha: Client;

  beforeAll(async () => {
    await ensureDatabase(admin);
    await provisionServiceSchema(admin, 'iso_alpha');
    await provisionServiceSchema(admin, 'iso_beta');
    const beta = new Client({ connectionString: serviceDatabaseUrl(admin, 'iso_beta') });
    await beta.connect();
    await beta.query('CREATE TABLE IF NOT EXISTS iso_beta.secrets (value text)');
    await beta.end();
    alpha = new Client({ connectionString: serviceDatabaseUrl(admin, 'iso_alpha') });
    await alpha.connect();
  });

  afterAll(async () => {
    await alpha?.end();
  });

  it('lets a service create and use tables in its own schema, found by default search path', async () => {
    await alpha.query('CREATE TABLE IF NOT EXISTS notes (value text)');
    await alpha.query("INSERT INTO notes VALUES ('mine')");
    const { rows } = await alpha.query('SELECT count(*)::int AS n FROM iso_alpha.notes');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it("refuses another service's tables", async () => {
    await expect(alpha.query('SELECT * FROM iso_beta.secrets')).rejects.toThrow(/permission denied/);
    await expect(alpha.query("INSERT INTO iso_beta.secrets VALUES ('x')")).rejects.toThrow(/permission denied/);
  });

  it('refuses creating objects in the public schema', async () => {
    await expect(alpha.query('CREATE TABLE public.sneaky (value text)')).rejects.toThrow(/permission denied/);
  });

  it('can be provisioned again without error', async () => {
    await expect(provisionServiceSchema(admin, 'iso_alpha')).resolves.toBeUndefined();
  });

  it('refuses schema names that are not plain identifiers', async () => {
    await expect(provisionServiceSchema(admin, 'x; DROP SCHEMA iso_beta')).rejects.toThrow(/not a safe SQL identifier/);
  });
});
