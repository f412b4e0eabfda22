import { serviceRoleName } from './identifiers';

/**
 * The URL a service connects with: its own role, which can touch only its own schema.
 * An explicit per-service URL wins (production passes credentials from a secret).
 */
export function serviceDatabaseUrl(adminUrl: string, schema: string, explicit?: string): string {
  if (explicit) return explicit;
  const url = new URL(adminUrl);
  url.username = serviceRoleName(schema);
  url.password = '';
  return url.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}
