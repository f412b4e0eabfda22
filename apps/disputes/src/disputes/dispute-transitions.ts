import type { Dispute } from '@platform/contracts';
import type { MoveTable } from '@platform/persistence';

/** The operator's moves of an unresolved dispute, each with what it sets. */
export type DisputeUpdate =
  { move: 'under_review' } | { move: 'evidence_submitted'; evidence_submitted_at: Date } | { move: 'resolve'; outcome: 'won' | 'lost'; resolved_at: Date };

const UNRESOLVED: Dispute['status'][] = ['open', 'under_review'];

/** `resolve` enters the outcome it carries; the table names the states it may leave. */
export const DISPUTE_MOVES: MoveTable<Dispute['status'], DisputeUpdate> = {
  under_review: { from: ['open'], to: 'under_review' },
  evidence_submitted: { from: UNRESOLVED, to: null },
  resolve: { from: UNRESOLVED, to: null },
};

/** The columns a move writes (null: unchanged). */
export function disputeChange(update: DisputeUpdate): { status: Dispute['status'] | null; evidence_submitted_at: Date | null; resolved_at: Date | null } {
  switch (update.move) {
    case 'under_review':
      return { status: DISPUTE_MOVES.under_review.to, evidence_submitted_at: null, resolved_at: null };
    case 'evidence_submitted':
      return { status: null, evidence_submitted_at: update.evidence_submitted_at, resolved_at: null };
    case 'resolve':
      return { status: update.outcome, evidence_submitted_at: null, resolved_at: update.resolved_at };
  }
}
