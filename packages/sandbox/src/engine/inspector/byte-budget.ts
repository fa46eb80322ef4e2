/**
 * The byte budget of a client's request records: the recorder (`request-recorder.ts`) calls
 * {@link pruneToBytes} for a client once it has written a quarter of the budget since the last
 * call, which deletes the client's oldest records until what stays of its bodies fits in three
 * quarters. So after each write a client's recorded bodies stay within the budget (per instance
 * writing), whatever the pruner's row and age limits allow between its runs. Bodies are counted in
 * characters of their (redacted, cut) JSON text, stored with each record (`body_chars`,
 * migration 0026): a check sums one number per record from the index by client, without reading
 * a body.
 */
import { sql } from 'kysely';
import type { Store } from '../store/open-store.js';

/** The default budget of one client's recorded bodies: 8 MiB of JSON text. */
export const DEFAULT_MAX_BYTES_PER_CLIENT = 8 * 1024 * 1024;

/** Characters of a record's two bodies. */
export function recordBytes(row: { request_body: string; response_body: string }): number {
  return row.request_body.length + row.response_body.length;
}

/**
 * Deletes the oldest records of `clientId` until its bodies total at most `keepBytes` (the newest
 * records first); returns how many it deleted.
 */
export async function pruneToBytes(store: Store, clientId: string, keepBytes: number): Promise<number> {
  // The newest record past the budget (counting from the newest): it and every older one go. A
  // row frame (ids are unique: no peers to look for) sums faster than the default range frame.
  const cutoff = await sql<{ id: number | string | null }>`
    select max(id) as id from (
      select id, sum(body_chars) over (order by id desc rows unbounded preceding) as total
      from request_records where client_id = ${clientId}
    ) as newest_first
    where total > ${keepBytes}`.execute(store.db);
  const id = cutoff.rows[0]?.id;
  if (id === undefined || id === null) {
    return 0;
  }
  const deleted = await store.db
    .deleteFrom('request_records')
    .where('client_id', '=', clientId)
    .where('id', '<=', Number(id))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
