/**
 * Pages of `/transfer/list` and `/bank_transfer/list` found by list position: each row's
 * `list_position` is its rank among its client's rows in list order (1 for the oldest `created`,
 * ties by id; kept by the trigger of migration 0013), so the page at `offset` of a time window is
 * the range of positions ending `offset` below the window's newest row. Both ends of the window are
 * one index seek each, whatever the offset, where an `offset` clause walks every row it skips.
 *
 * Only the time window is ranked: a filter on another column (origination account, direction)
 * picks rows scattered over the positions, so those lists keep the offset walk of the covering
 * index (`transfers_list`, `bank_transfers_list`).
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { ListWindow } from './list-window.js';

/** The lists' tables and the id that breaks ties of `created` in each. */
const ID_COLUMNS = { transfers: 'transfer_id', bank_transfers: 'bank_transfer_id' } as const;

/** A table ranked by `list_position`. */
export type PositionedTable = keyof typeof ID_COLUMNS;

/** The positions of a page: at most `upper`, and at least `lower` when the window has a start. */
export interface PositionRange {
  upper: Expression<number>;
  lower: Expression<number> | null;
}

/**
 * The position of the client's row nearest the window's `edge` ('newest' at or before `end`,
 * 'oldest' at or after `start`), or null when there is none: one seek in the list index.
 */
function edgePosition(
  table: PositionedTable,
  clientId: string,
  edge: 'newest' | 'oldest',
  bound: string,
): RawBuilder<number> {
  const t = sql.table(table);
  const id = sql.ref(ID_COLUMNS[table]);
  return edge === 'newest'
    ? sql<number>`(select list_position from ${t} where client_id = ${clientId} and created <= ${bound}
        order by created desc, ${id} desc limit 1)`
    : sql<number>`(select list_position from ${t} where client_id = ${clientId} and created >= ${bound}
        order by created, ${id} limit 1)`;
}

/** The range of positions of the page `window` of the client's rows in `table`. */
export function positionRange(table: PositionedTable, clientId: string, window: ListWindow): PositionRange {
  const newest =
    window.end === null
      ? sql<number>`(select max(list_position) from ${sql.table(table)} where client_id = ${clientId})`
      : edgePosition(table, clientId, 'newest', window.end);
  return {
    upper: sql<number>`${newest} - ${window.offset}`,
    lower: window.start === null ? null : edgePosition(table, clientId, 'oldest', window.start),
  };
}
