import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
let packed: string | undefined;

/** `npm pack` of packages/sdk (its prepack builds ESM and CJS), once per test process: the tarball a merchant installs. */
export function packSdk(): string {
  if (packed) return packed;
  const destination = mkdtempSync(join(tmpdir(), 'sdk-pack-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', destination], { cwd: join(ROOT, 'packages', 'sdk'), stdio: 'ignore' });
  packed = join(
    destination,
    readdirSync(destination).find((name) => name.endsWith('.tgz'))!,
  );
  return packed;
}

/**
 * A copy of a folder of examples/ with the packed SDK installed in it, as a merchant would
 * have it: nothing of the monorepo is reachable from there.
 */
export function installExample(name: string): string {
  const directory = join(mkdtempSync(join(tmpdir(), `${name}-`)), name);
  cpSync(join(ROOT, 'examples', name), directory, { recursive: true, filter: (source) => !source.includes('node_modules') });
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--no-package-lock', packSdk()], { cwd: directory, stdio: 'ignore' });
  return directory;
}

/** A fresh folder with only the packed SDK installed: its CLI is `<folder>/node_modules/.bin/card-platform`. */
export function installPackedSdk(): string {
  const directory = mkdtempSync(join(tmpdir(), 'sdk-user-'));
  writeFileSync(join(directory, 'package.json'), '{ "name": "sdk-user", "private": true }\n');
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--no-package-lock', packSdk()], { cwd: directory, stdio: 'ignore' });
  return directory;
}
