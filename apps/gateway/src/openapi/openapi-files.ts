import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GatewayModule } from '../gateway.module';
import { buildOpenApiDocument, type ControllerClass, type OpenApiAudience } from './openapi-document';

/** The repository, whether this runs from the source (Jest) or from dist/ (npm run openapi). */
const SOURCE_DIR = join('apps', 'gateway', 'src', 'openapi');
const ROOT = __dirname.slice(0, __dirname.lastIndexOf(SOURCE_DIR)).replace(/[\\/]dist[\\/]?$/, '');

/** Where each document is kept in the repository; the SDK packs the merchant one. */
export const DOCUMENT_FILES: Record<OpenApiAudience, string> = {
  merchant: 'packages/sdk/openapi.json',
  operator: 'docs/openapi/operator-api.json',
};
export const SDK_TYPES_FILE = 'packages/sdk/src/generated/openapi.ts';

export function gatewayDocument(audience: OpenApiAudience): Record<string, unknown> {
  const controllers = Reflect.getMetadata('controllers', GatewayModule) as ControllerClass[];
  return buildOpenApiDocument(controllers, audience);
}

export function documentText(audience: OpenApiAudience): string {
  return `${JSON.stringify(gatewayDocument(audience), null, 2)}\n`;
}

/** Runs tools/openapi-esm.mjs (the validator and openapi-typescript are ES modules only). */
export function openApiEsm(command: 'validate' | 'types', file: string): string {
  return execFileSync(process.execPath, [join(ROOT, SOURCE_DIR, 'openapi-esm.mjs'), command, join(ROOT, file)], { cwd: ROOT, encoding: 'utf8' });
}

if (require.main === module) {
  for (const audience of ['merchant', 'operator'] as const) {
    const file = join(ROOT, DOCUMENT_FILES[audience]);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, documentText(audience));
    const verdict = JSON.parse(openApiEsm('validate', DOCUMENT_FILES[audience])) as { valid: boolean; errors: unknown };
    if (!verdict.valid) throw new Error(`${DOCUMENT_FILES[audience]} is not valid OpenAPI: ${JSON.stringify(verdict.errors)}`);
    process.stdout.write(`wrote ${DOCUMENT_FILES[audience]}\n`);
  }
  mkdirSync(dirname(join(ROOT, SDK_TYPES_FILE)), { recursive: true });
  writeFileSync(join(ROOT, SDK_TYPES_FILE), openApiEsm('types', DOCUMENT_FILES.merchant));
  process.stdout.write(`wrote ${SDK_TYPES_FILE}\n`);
}
