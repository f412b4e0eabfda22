import type { Reversal } from '@platform/contracts';
import type { MoveTable } from '@platform/persistence';

/** What a reversal's reservation still needs from the ledger after the commit. */
export type LedgerStep = 'confirm' | 'consume' | 'release';

/** The operator's moves of a live reversal, each with what it sets. */
export type ReversalUpdate =
  { move: 'approve' } | { move: 'complete'; provider_reference: string; provider_refunded_at: Date } | { move: 'reject' } | { move: 'cancel' };

export const REVERSAL_MOVES: MoveTable<Reversal['status'], ReversalUpdate> = {
  approve: { from: ['requested'], to: 'awaiting_provider_manual' },
  complete: { from: ['awaiting_provider_manual'], to: 'completed' },
  reject: { from: ['requested', 'awaiting_provider_manual'], to: 'rejected' },
  cancel: { from: ['requested', 'awaiting_provider_manual'], to: 'cancelled' },
};

/** The columns a move writes: an approved reversal owes the ledger its confirmation until that is done. */
export function reversalChange(update: ReversalUpdate): {
  status: Reversal['status'];
  provider_reference: string | null;
  provider_refunded_at: Date | null;
  ledger_step: LedgerStep | null;
} {
  const status = REVERSAL_MOVES[update.move].to!;
  switch (update.move) {
    case 'approve':
      return { status, provider_reference: null, provider_refunded_at: null, ledger_step: 'confirm' };
    case 'complete':
      return { status, provider_reference: update.provider_reference, provider_refunded_at: update.provider_refunded_at, ledger_step: null };
    case 'reject':
    case 'cancel':
      return { status, provider_reference: null, provider_refunded_at: null, ledger_step: null };
  }
}
