/**
 * Migration 0013 (list positions): each transfer and bank transfer gets a list position, its rank
 * among its client's rows in list order (oldest `created` first, ties by id): 1, 2, … n without
 * gaps, in `transfer_list_positions` / `bank_transfer_list_positions`. A page of a list at any
 * offset is then a range of positions found by index seeks (`features/transfers/list-positions.ts`)
 * instead of an offset walking index entries.
 *
 * A trigger keeps the ranks on every insert, whatever inserts the row (a request, a seed, a
 * benchmark's bulk insert): the new row's rank is one after the row sorting just before it, the
 * client's positions from that rank on move up by one, and the new row's position is added. A row
 * that sorts last (the usual case) moves nothing; one created with an earlier time or a smaller id
 * in the same millisecond moves only the positions after it. Rows are never deleted one by one (a
 * reset deletes every row of every client), so the ranks stay 1..n.
 *
 * The positions live in tables of their own, which only these triggers write: a cancel or a
 * simulated move locks the transfer's row, never a position, so moving positions never waits for
 * (or deadlocks with) a writer of transfers or balances.
 *
 * On PostgreSQL the trigger first takes a transaction-scoped advisory lock of the client's list:
 * the inserts of one client are ranked one after the other, on every instance, and each of the
 * trigger's statements reads with a fresh snapshot, so it sees the rows the previous holder
 * committed. SQLite has one writer at a time. Existing rows are ranked by the backfill below.
 */
import { type Migration, type RawBuilder, sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/** The ranked tables, their id column and the table of their positions. */
export const POSITIONED_TABLES = [
  { table: 'transfers', id: 'transfer_id', positions: 'transfer_list_positions' },
  { table: 'bank_transfers', id: 'bank_transfer_id', positions: 'bank_transfer_list_positions' },
] as const;

/** One ranked table. */
export type Positioned = (typeof POSITIONED_TABLES)[number];

/**
 * The rank a row inserted as `new` takes: one after the position of the client's row sorting just
 * before it (one seek in the list index, one in the positions' key), 1 when there is none.
 */
function rankOfNew({ table, id, positions }: Positioned): RawBuilder<number> {
  const key = sql.ref(id);
  return sql<number>`1 + coalesce((select list_position from ${sql.table(positions)}
    where ${key} = (select ${key} from ${sql.table(table)}
      where client_id = new.client_id and (created, ${key}) < (new.created, new.${key})
      order by created desc, ${key} desc limit 1)), 0)`;
}

/** SQLite: after each insert, move the positions from the new row's rank up, then add its own. */
function sqliteTrigger(positioned: Positioned): RawBuilder<unknown> {
  const { table, id, positions } = positioned;
  const p = sql.table(positions);
  return sql`create trigger ${sql.raw(`${table}_list_position`)} after insert on ${sql.table(table)}
    begin
      update ${p} set list_position = list_position + 1
        where client_id = new.client_id and list_position >= ${rankOfNew(positioned)};
      insert into ${p} (${sql.ref(id)}, client_id, list_position)
        values (new.${sql.ref(id)}, new.client_id, ${rankOfNew(positioned)});
    end`;
}

/**
 * PostgreSQL: the function of the trigger run before each insert (see the module comment). A
 * before-insert trigger also runs for a row that then conflicts (`on conflict do nothing`, which
 * the seeds use), so a row whose id has a position already is left to the conflict. (SQLite runs
 * its after-insert trigger only for rows inserted.)
 */
function postgresFunction(positioned: Positioned): RawBuilder<unknown> {
  const { table, id, positions } = positioned;
  const p = sql.table(positions);
  return sql`create or replace function ${sql.raw(`${table}_list_position`)}() returns trigger
    language plpgsql volatile as $$
    declare
      new_rank integer;
    begin
      perform pg_advisory_xact_lock(hashtextextended(${sql.lit(`${table}/`)} || new.client_id, 0));
      if exists (select 1 from ${p} where ${sql.ref(id)} = new.${sql.ref(id)}) then
        -- Stored already: the insert conflicts (a seed's 'on conflict do nothing' skips it).
        return new;
      end if;
      new_rank := ${rankOfNew(positioned)};
      update ${p} set list_position = list_position + 1
        where client_id = new.client_id and list_position >= new_rank;
      insert into ${p} (${sql.ref(id)}, client_id, list_position) values (new.${sql.ref(id)}, new.client_id, new_rank);
      return new;
    end
    $$`;
}

/** The rank of every existing row (both engines have window functions). Migration 0018 ranks again with it. */
export function backfill({ table, id, positions }: Positioned): RawBuilder<unknown> {
  const key = sql.ref(id);
  return sql`insert into ${sql.table(positions)} (${key}, client_id, list_position)
    select ${key}, client_id, row_number() over (partition by client_id order by created, ${key})
    from ${sql.table(table)}`;
}

/** Creates the positions tables, ranks the existing rows and installs the triggers. */
export function listPositions(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      for (const positioned of POSITIONED_TABLES) {
        const { table, id, positions } = positioned;
        await db.schema
          .createTable(positions)
          .addColumn(id, 'text', (c) => c.primaryKey())
          .addColumn('client_id', 'text', (c) => c.notNull())
          .addColumn('list_position', 'integer', (c) => c.notNull())
          .execute();
        await backfill(positioned).execute(db);
        // Not unique: moving positions up one by one passes through duplicates.
        await db.schema
          .createIndex(`${positions}_by_position`)
          .on(positions)
          .columns(['client_id', 'list_position'])
          .execute();
        if (engine === 'sqlite') {
          await sqliteTrigger(positioned).execute(db);
        } else {
          await postgresFunction(positioned).execute(db);
          await sql`create trigger ${sql.raw(`${table}_list_position`)} before insert on ${sql.table(table)}
            for each row execute function ${sql.raw(`${table}_list_position`)}()`.execute(db);
        }
      }
    },
  };
}
