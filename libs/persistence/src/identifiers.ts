const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema and role names go into DDL, which takes no bind parameters: only plain identifiers pass. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a safe SQL identifier: ${JSON.stringify(name)}`);
  return name;
}

export function serviceRoleName(schema: string): string {
  return `svc_${assertIdentifier(schema)}`;
}
