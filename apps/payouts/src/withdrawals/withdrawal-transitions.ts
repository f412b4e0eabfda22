import type { Withdrawal } from '@platform/contracts';
import type { MoveTable } from '@platform/persistence';

/** The operator's moves of a requested withdrawal, each with what it sets. */
export type WithdrawalUpdate = { move: 'send'; tx_hash: string } | { move: 'reject'; rejection_reason: string };

export const WITHDRAWAL_MOVES: MoveTable<Withdrawal['status'], WithdrawalUpdate> = {
  send: { from: ['requested'], to: 'sent' },
  reject: { from: ['requested'], to: 'rejected' },
};

/** The columns a move writes; both finish the withdrawal, so no ledger step is owed after them. */
export function withdrawalChange(update: WithdrawalUpdate): { status: Withdrawal['status']; tx_hash: string | null; rejection_reason: string | null } {
  const status = WITHDRAWAL_MOVES[update.move].to!;
  switch (update.move) {
    case 'send':
      return { status, tx_hash: update.tx_hash, rejection_reason: null };
    case 'reject':
      return { status, tx_hash: null, rejection_reason: update.rejection_reason };
  }
}
