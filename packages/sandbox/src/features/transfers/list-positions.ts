/**
 * Pages of `/transfer/list` and `/bank_transfer/list` found by list position: each row's
 * position (`transfer_list_positions`, `bank_transfer_list_positions`) is its rank among its
 * client's rows in list order (1 for the oldest `created`, ties by id; kept by the trigger of
 * migration 0013), so the page at `offset` of a time window is the range of positions ending
 * `offset` below the window's newest row, read by a range seek in the positions' index and a key
 * lookup per row of the page. Each end of the window costs a seek or two, whatever the offset,
 * where an `offset` clause walks every row it skips.
 *
 * Only the time window is ranked: a filter on another column (origination account, direction)
 * picks rows scattered over the positions, so those lists keep the offset walk of the covering
 * index (`transfers_list`, `bank_transfers_list`).
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { ListWindow } from './list-window.js';

/** A table ranked by list position: its name, the id that breaks ties of `created`, and the table of its positions. */
export interface PositionedTable {
  records: string;
  id: string;
  positions: string;
}

/** The positions of a page: at most `upper`, and at least `lower` when the window has a start. */
export interface PositionRange {
  upper: Expression<number>;
  lower: Expression<number> | null;
}

/**
 * The position of the client's row nearest the window's `edge` ('newest' at or before `end`,
 * 'oldest' at or after `start`), or null when there is none: one seek in the list index, one in
 * the positions' key.
 */
function edgePosition(
  table: PositionedTable,
  clientId: string,
  edge: 'newest' | 'oldest',
  bound: string,
): RawBuilder<number> {
  const { id, positions } = table;
  const t = sql.table(table.records);
  const key = sql.ref(id);
  const row =
    edge === 'newest'
      ? sql`select ${key} from ${t} where client_id = ${clientId} and created <= ${bound}
          order by created desc, ${key} desc limit 1`
      : sql`select ${key} from ${t} where client_id = ${clientId} and created >= ${bound}
          order by created, ${key} limit 1`;
  return sql<number>`(select list_position from ${sql.table(positions)} where ${key} = (${row}))`;
}

/** The range of positions of the page `window` of the client's rows of `table`. */
export function positionRange(table: PositionedTable, clientId: string, window: ListWindow): PositionRange {
  const newest =
    window.end === null
      ? sql<number>`(select max(list_position) from ${sql.table(table.positions)}
          where client_id = ${clientId})`
      : edgePosition(table, clientId, 'newest', window.end);
  return {
    upper: sql<number>`${newest} - ${window.offset}`,
    lower: window.start === null ? null : edgePosition(table, clientId, 'oldest', window.start),
  };
}
