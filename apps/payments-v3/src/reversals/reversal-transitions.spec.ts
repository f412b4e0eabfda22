import { REVERSAL_STATUSES } from '@platform/contracts';
import { canMove } from '@platform/persistence';
import { REVERSAL_MOVES, reversalChange, type ReversalUpdate } from './reversal-transitions';

describe('reversal moves', () => {
  const at = new Date('2026-01-02T03:04:05Z');
  const updates: ReversalUpdate[] = [
    { move: 'approve' },
    { move: 'complete', provider_reference: 'RF-1', provider_refunded_at: at },
    { move: 'reject' },
    { move: 'cancel' },
  ];

  it('lets an operator approve only a requested reversal and complete only one awaiting the provider', () => {
    const allowed = (move: ReversalUpdate['move']) => REVERSAL_STATUSES.filter((status) => canMove(REVERSAL_MOVES, move, status));
    expect(allowed('approve')).toEqual(['requested']);
    expect(allowed('complete')).toEqual(['awaiting_provider_manual']);
    expect(allowed('reject')).toEqual(['requested', 'awaiting_provider_manual']);
    expect(allowed('cancel')).toEqual(['requested', 'awaiting_provider_manual']);
  });

  it('moves nothing out of a final state', () => {
    for (const final of ['completed', 'rejected', 'cancelled', 'failed'] as const) {
      for (const update of updates) expect(canMove(REVERSAL_MOVES, update.move, final)).toBe(false);
    }
  });

  it('writes the columns each move sets: approval owes the ledger its confirmation, completion keeps the provider reference', () => {
    expect(updates.map(reversalChange)).toEqual([
      { status: 'awaiting_provider_manual', provider_reference: null, provider_refunded_at: null, ledger_step: 'confirm' },
      { status: 'completed', provider_reference: 'RF-1', provider_refunded_at: at, ledger_step: null },
      { status: 'rejected', provider_reference: null, provider_refunded_at: null, ledger_step: null },
      { status: 'cancelled', provider_reference: null, provider_refunded_at: null, ledger_step: null },
    ]);
  });
});
