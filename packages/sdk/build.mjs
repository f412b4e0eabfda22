// Builds the package twice from one source: ES modules (dist/esm) and CommonJS (dist/cjs),
// each with its type declarations. TypeScript is the package's one dev dependency: found in its own
// node_modules when built alone, or in the repository's when built inside it.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(join(here, 'package.json')).resolve('typescript/bin/tsc');
const build = (...args) => execFileSync(process.execPath, [tsc, '-p', join(here, 'tsconfig.build.json'), ...args], { stdio: 'inherit' });

rmSync(join(here, 'dist'), { recursive: true, force: true });
build();
build('--module', 'CommonJS', '--moduleResolution', 'Node10', '--outDir', join(here, 'dist', 'cjs'));
writeFileSync(join(here, 'dist', 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
