import { BaseConfigSchema, loadConfig } from './config';
import { databaseUrlOf, productionDatabaseProblems } from './database-credentials';

const config = (env: Record<string, string>) => loadConfig('test', BaseConfigSchema, env);

describe('database credentials of a service', () => {
  it('connects as the service role with its own password, keeping the host, database and TLS settings', () => {
    const url = databaseUrlOf(
      config({ DATABASE_URL: 'postgresql://db.internal:5432/platform?sslmode=verify-full', DATABASE_PASSWORD: 'p@ss/word' }),
      'payments',
    );
    expect(url).toBe('postgresql://svc_payments:p%40ss%2Fword@db.internal:5432/platform?sslmode=verify-full');
  });

  it('drops an owner password from the URL: the role never borrows it', () => {
    expect(databaseUrlOf(config({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:5432/platform' }), 'ledger')).toBe(
      'postgres://svc_ledger@127.0.0.1:5432/platform',
    );
  });

  it('takes an explicit per-service URL as it is', () => {
    expect(databaseUrlOf(config({ SERVICE_DATABASE_URL: 'postgres://custom:pw@h/db' }), 'ledger')).toBe('postgres://custom:pw@h/db');
  });

  it('refuses in production a service without its own password, or holding the owner credentials', () => {
    expect(productionDatabaseProblems(config({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/platform' }))).toEqual([
      'DATABASE_PASSWORD: required in production (the service role connects with its own password)',
    ]);
    expect(
      productionDatabaseProblems(config({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://postgres:owner@db/platform', DATABASE_PASSWORD: 'x' })),
    ).toEqual(['DATABASE_URL: must not carry credentials in production (only the migration Job holds the owner URL)']);
    expect(productionDatabaseProblems(config({ NODE_ENV: 'production', DATABASE_URL: 'postgresql://db/platform', DATABASE_PASSWORD: 'x' }))).toEqual([]);
    expect(productionDatabaseProblems(config({ NODE_ENV: 'production', SERVICE_DATABASE_URL: 'postgresql://ledger:x@db/platform' }))).toEqual([]);
    expect(productionDatabaseProblems(config({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }))).toEqual([]);
  });
});
