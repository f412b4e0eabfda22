import { Client } from 'pg';
import { assertIdentifier, serviceRoleName } from './identifiers';
import { databaseName } from './database-urls';

/**
 * Creates (once) the role and schema of a service with the administrator URL. The
 * role owns its schema and has no rights on any other, so a service cannot read or
 * write another service's tables even by mistake.
 */
export async function provisionServiceSchema(adminUrl: string, schema: string, rolePassword?: string): Promise<void> {
  assertIdentifier(schema);
  const role = serviceRoleName(schema);
  const database = databaseName(adminUrl);
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Two services provisioning at once would race on CREATE ROLE: serialise on an advisory lock.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['platform.provisioning']);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE ROLE ${role} LOGIN NOINHERIT`);
    }
    if (rolePassword !== undefined) {
      await client.query(`ALTER ROLE ${role} PASSWORD ${client.escapeLiteral(rolePassword)}`);
    }
    await client.query(`GRANT CONNECT ON DATABASE ${client.escapeIdentifier(database)} TO ${role}`);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${role}`);
    await client.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
    await client.query(`REVOKE ALL ON SCHEMA public FROM ${role}`);
    await client.query(`ALTER ROLE ${role} IN DATABASE ${client.escapeIdentifier(database)} SET search_path = ${schema}`);
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['platform.provisioning']).catch(() => undefined);
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist (tests use their own). */
export async function ensureDatabase(adminUrl: string): Promise<void> {
  const target = databaseName(adminUrl);
  const maintenance = new URL(adminUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [target]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(target)}`);
  } finally {
    await client.end();
  }
}
