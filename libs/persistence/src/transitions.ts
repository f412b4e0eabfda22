/**
 * The moves of a record's state machine, one named variant per move with the fields that
 * move sets (hyperswitch's `RefundUpdate`). A table of this type says, for every move,
 * which states it may leave and which it enters (`null`: the status stays); the repository
 * guards the UPDATE with `status = ANY(from)`, so a move from any other state changes nothing.
 */
export type MoveTable<Status extends string, Update extends { move: string }> = {
  readonly [Move in Update['move']]: { readonly from: readonly Status[]; readonly to: Status | null };
};

/** Whether the named move may leave `status`. */
export function canMove<Status extends string, Update extends { move: string }>(
  table: MoveTable<Status, Update>,
  move: Update['move'],
  status: Status,
): boolean {
  const entry: { readonly from: readonly Status[] } = table[move as keyof MoveTable<Status, Update>];
  return entry.from.includes(status);
}

/** A move the database refused: the record is another owner's, or not in a state the move leaves. */
export class MoveRefused extends Error {
  constructor(record: string, id: string, move: string) {
    super(`${record} ${id}: ${move} refused (not the owner's, or not in a state it leaves)`);
    this.name = 'MoveRefused';
  }
}
