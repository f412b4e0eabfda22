import { DISPUTE_STATUSES } from '@platform/contracts';
import { canMove } from '@platform/persistence';
import { DISPUTE_MOVES, disputeChange } from './dispute-transitions';

describe('dispute moves', () => {
  const allowed = (move: keyof typeof DISPUTE_MOVES) => DISPUTE_STATUSES.filter((status) => canMove(DISPUTE_MOVES, move, status));

  it('reviews only an open dispute; evidence and resolution only while it is unresolved', () => {
    expect(allowed('under_review')).toEqual(['open']);
    expect(allowed('evidence_submitted')).toEqual(['open', 'under_review']);
    expect(allowed('resolve')).toEqual(['open', 'under_review']);
  });

  it('keeps the status when evidence is submitted and enters the outcome on resolution', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(disputeChange({ move: 'under_review' })).toEqual({ status: 'under_review', evidence_submitted_at: null, resolved_at: null });
    expect(disputeChange({ move: 'evidence_submitted', evidence_submitted_at: at })).toEqual({ status: null, evidence_submitted_at: at, resolved_at: null });
    expect(disputeChange({ move: 'resolve', outcome: 'lost', resolved_at: at })).toEqual({ status: 'lost', evidence_submitted_at: null, resolved_at: at });
  });
});
