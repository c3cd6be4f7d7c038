// The rows of one version of a kept list (kept-list.ts), by id. Consecutive versions share one
// base map and each holds only its changes over it, so a new version copies those changes, not
// every row: copying the 100,000 entries of the participant list for each version was a fifth
// of the event loop's time while the list changed ten times a second. Once the changes reach a
// tenth of the base, the next version gets a new base, made in slices. A version's rows change
// only while it is being made (the merge, then its blocks: kept-list-body.ts makeBlock); the
// base never changes once shared.
import type { RowsById } from './kept-list-body';
import { nextTurn } from './next-turn';

/** Changes over the base past which the next version starts a new base: a share of the base, at least MIN. */
const REBASE_SHARE = 0.1;
const REBASE_MIN = 1_000;
/** Entries of a new base copied between two turns of the event loop. */
const COPY_SLICE_ENTRIES = 20_000;

export class KeptRows<Row> implements RowsById<Row> {
  private constructor(
    private readonly base: ReadonlyMap<number, Row>,
    /** This version's rows where they differ from the base; null: the row left the list. */
    private readonly changed: Map<number, Row | null>,
  ) {}

  /** The rows of a whole read (the map becomes the base: it is not changed afterwards). */
  static of<Row>(rows: Map<number, Row>): KeptRows<Row> {
    return new KeptRows(rows, new Map());
  }

  get(id: number): Row | undefined {
    const row = this.changed.get(id);
    if (row === null) return undefined;
    return row ?? this.base.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  set(id: number, row: Row): void {
    this.changed.set(id, row);
  }

  /** Removes the row of `id`; false when there was none. */
  delete(id: number): boolean {
    if (!this.has(id)) return false;
    if (this.base.has(id)) this.changed.set(id, null);
    else this.changed.delete(id);
    return true;
  }

  /** Every id, in no particular order. */
  *ids(): IterableIterator<number> {
    for (const id of this.base.keys()) if (!this.changed.has(id)) yield id;
    for (const [id, row] of this.changed) if (row !== null) yield id;
  }

  /** The same rows for the next version to change: the changes copied over the same base, or a new base once they are many. */
  async next(): Promise<KeptRows<Row>> {
    if (this.changed.size < Math.max(REBASE_MIN, this.base.size * REBASE_SHARE)) return new KeptRows(this.base, new Map(this.changed));
    const base = new Map<number, Row>();
    let count = 0;
    for (const id of this.ids()) {
      base.set(id, this.get(id) as Row);
      if (++count % COPY_SLICE_ENTRIES === 0) await nextTurn();
    }
    return new KeptRows(base, new Map());
  }
}
