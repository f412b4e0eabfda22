// Compiles apps, libs, tools and the SDK's source with SWC into dist/ (path aliases rewritten, decorator
// metadata kept for NestJS). Type checking is `npm run typecheck`.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    'node_modules/@swc/cli/bin/swc.js',
    'apps',
    'libs',
    'tools',
    'packages/sdk/src',
    '-d',
    'dist',
    '--copy-files',
    '--ignore',
    '**/*.spec.ts,**/*.int-spec.ts',
    '--quiet',
  ],
  { stdio: 'inherit' },
);
