import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The module-boundary rule is only worth something if it fires: write a probe file that
 * breaks a boundary, lint it with the project's own config, expect the Nx rule to refuse it.
 */
const ROOT = join(__dirname, '..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

function lintProbe(relativePath: string, source: string): LintMessage[] {
  const file = join(ROOT, relativePath);
  writeFileSync(file, source);
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], {
      cwd: ROOT,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'ignore',
    });
    let output: string;
    try {
      output = execFileSync(process.execPath, [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', file], {
        cwd: ROOT,
        encoding: 'utf8',
      });
    } catch (error) {
      output = (error as { stdout: string }).stdout;
    }
    const [result] = JSON.parse(output) as Array<{ messages: LintMessage[] }>;
    return result?.messages ?? [];
  } finally {
    rmSync(file, { force: true });
  }
}

describe('module boundaries', () => {
  jest.setTimeout(120000);

  it('refuses an app importing another app', () => {
    const messages = lintProbe(
      'apps/gateway/src/boundary-probe.ts',
      "import { DATABASE } from '../../orders-v4/src/database';\nexport const probe = DATABASE.schema;\n",
    );
    expect(messages.map((m) => m.ruleId)).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses a library importing an app', () => {
    const messages = lintProbe(
      'libs/money/src/boundary-probe.ts',
      "import { DATABASE } from '../../../apps/ledger/src/database';\nexport const probe = DATABASE.schema;\n",
    );
    expect(messages.map((m) => m.ruleId)).toContain('@nx/enforce-module-boundaries');
  });

  it('accepts an app importing a shared library', () => {
    const messages = lintProbe(
      'apps/gateway/src/boundary-probe.ts',
      "import { formatAmount } from '@platform/money';\nexport const probe = formatAmount('1');\n",
    );
    expect(messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries')).toEqual([]);
  });
});
