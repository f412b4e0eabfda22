import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PLATFORM_APPS, type PlatformApp } from '@platform/contracts';

/**
 * Runs each service's own migrate entry point in turn (each provisions its role and
 * schema and applies its migrations). `node dist/tools/migrate.js [app ...]`.
 */
function main(requested: string[]): void {
  const unknown = requested.filter((app) => !(PLATFORM_APPS as readonly string[]).includes(app));
  if (unknown.length > 0) {
    process.stderr.write(`unknown app(s): ${unknown.join(', ')}; known: ${PLATFORM_APPS.join(', ')}\n`);
    process.exit(2);
  }
  const apps = requested.length > 0 ? (requested as PlatformApp[]) : PLATFORM_APPS;
  for (const app of apps) {
    try {
      execFileSync(process.execPath, [join(__dirname, '../apps', app, 'src/migrate.js')], { stdio: 'inherit' });
    } catch {
      process.exit(1);
    }
  }
}

main(process.argv.slice(2));
