import { createLogger } from '@platform/observability';
import { Metrics } from '@platform/service-kit';
import type { Config } from '../config';
import type { TrialBalance } from './trial-balance';
import { TrialBalanceWatch } from './trial-balance-watch';

describe('trial balance watch', () => {
  const verdict = (balanced: boolean) =>
    ({
      run: async () => ({ balanced, transactions: 1, postings: 2, unbalanced_transactions: balanced ? [] : ['7'], mismatched_accounts: [], totals: [] }),
    }) as unknown as TrialBalance;

  async function watched(balanced: boolean): Promise<string> {
    const metrics = new Metrics('ledger');
    const watch = new TrialBalanceWatch(verdict(balanced), { TRIAL_BALANCE_INTERVAL_MS: 60000 } as Config, createLogger('ledger-test', 'silent'), metrics);
    expect(await watch.check()).toBe(balanced);
    return metrics.registry.metrics();
  }

  it('publishes nothing before its first check, so a restart does not read as books that do not balance', async () => {
    const metrics = new Metrics('ledger');
    new TrialBalanceWatch(verdict(true), { TRIAL_BALANCE_INTERVAL_MS: 60000 } as Config, createLogger('ledger-test', 'silent'), metrics);
    expect(await metrics.registry.metrics()).not.toMatch(/^ledger_trial_balance/m);
  });

  it('publishes 1 for balanced books and 0 for books that do not balance, with the time of the check', async () => {
    expect(await watched(true)).toMatch(/^ledger_trial_balance_balanced\{service="ledger"\} 1$/m);
    const broken = await watched(false);
    expect(broken).toMatch(/^ledger_trial_balance_balanced\{service="ledger"\} 0$/m);
    const checkedAt = Number(/^ledger_trial_balance_checked_timestamp_seconds\{service="ledger"\} (\S+)$/m.exec(broken)![1]);
    expect(Math.abs(checkedAt - Date.now() / 1000)).toBeLessThan(60);
  });
});
