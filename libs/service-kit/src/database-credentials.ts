import { serviceDatabaseUrl } from '@platform/persistence';
import type { BaseConfig } from './config';

/** The URL a service connects with: its own role (named after its schema) and DATABASE_PASSWORD, or SERVICE_DATABASE_URL as given. */
export function databaseUrlOf(config: BaseConfig, schema: string): string {
  return serviceDatabaseUrl(config.DATABASE_URL, schema, { explicit: config.SERVICE_DATABASE_URL, password: config.DATABASE_PASSWORD?.reveal() });
}

/**
 * Production connects every service as its own role with its own password; the owner's
 * credentials stay with the migration Job (ADR 0024). Local start and tests use trust auth.
 */
export function productionDatabaseProblems(config: BaseConfig): string[] {
  if (config.NODE_ENV !== 'production' || config.SERVICE_DATABASE_URL) return [];
  const problems: string[] = [];
  const url = new URL(config.DATABASE_URL);
  if (url.password) problems.push('DATABASE_URL: must not carry credentials in production (only the migration Job holds the owner URL)');
  if (!config.DATABASE_PASSWORD) problems.push('DATABASE_PASSWORD: required in production (the service role connects with its own password)');
  return problems;
}
