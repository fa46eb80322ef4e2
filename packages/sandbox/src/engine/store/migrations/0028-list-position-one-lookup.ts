/**
 * Migration 0028 (list position, one lookup): on SQLite, the insert trigger of migration 0013
 * looks the new row's predecessor up once instead of twice. It worked the rank out in both of its
 * statements (a seek in the list index and one in the positions' key, each time); now it adds the
 * new row's position first, ranked from its predecessor, then moves up the client's positions from
 * that rank on, reading the rank back by the new row's id (a seek in the positions' key, on the
 * page just written). The ranks are the same: the new row's position is excluded from the move.
 * A transfer's insert (with the trigger) takes about 0.6 µs of its 17 µs less CPU (measured in
 * one process on a copy of a benchmarked store, 31 rounds of 2,000 inserts, both orders).
 *
 * PostgreSQL's trigger function keeps the rank in a variable already: nothing to do there.
 */
import { type Migration, type RawBuilder, sql } from 'kysely';
import { POSITIONED_TABLES, type Positioned } from './0013-list-positions.js';
import type { AnyDb, Engine } from './helpers.js';

/**
 * SQLite: after each insert, add the new row's position (one after its predecessor's, 1 when
 * there is none), then move the client's other positions from that rank up by one.
 */
function sqliteTrigger({ table, id, positions }: Positioned): RawBuilder<unknown> {
  const p = sql.table(positions);
  const key = sql.ref(id);
  return sql`create trigger ${sql.raw(`${table}_list_position`)} after insert on ${sql.table(table)}
    begin
      insert into ${p} (${key}, client_id, list_position)
        values (new.${key}, new.client_id, 1 + coalesce((select list_position from ${p}
          where ${key} = (select ${key} from ${sql.table(table)}
            where client_id = new.client_id and (created, ${key}) < (new.created, new.${key})
            order by created desc, ${key} desc limit 1)), 0));
      update ${p} set list_position = list_position + 1
        where client_id = new.client_id
          and list_position >= (select list_position from ${p} where ${key} = new.${key})
          and ${key} <> new.${key};
    end`;
}

/** Replaces the SQLite insert triggers of the list positions (see the module comment). */
export function listPositionOneLookup(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      if (engine !== 'sqlite') {
        return;
      }
      for (const positioned of POSITIONED_TABLES) {
        await sql`drop trigger ${sql.raw(`${positioned.table}_list_position`)}`.execute(db);
        await sqliteTrigger(positioned).execute(db);
      }
    },
  };
}
