import { serviceRoleName } from './identifiers';

/**
 * The URL a service connects with: its own role, which can touch only its own schema, with
 * the role's own password (none under local trust auth); host, database and query (sslmode)
 * as in `baseUrl`, whose own credentials are never reused. An explicit per-service URL wins.
 */
export function serviceDatabaseUrl(baseUrl: string, schema: string, options: { explicit?: string; password?: string } = {}): string {
  if (options.explicit) return options.explicit;
  const url = new URL(baseUrl);
  url.username = serviceRoleName(schema);
  url.password = options.password ? encodeURIComponent(options.password) : '';
  return url.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}
