/**
 * Migration 0013 (list positions): each transfer and bank transfer gets `list_position`, its rank
 * among its client's rows in list order (oldest `created` first, ties by id): 1, 2, … n without
 * gaps. A page of a list at any offset is then a range of positions found by one index seek
 * (`features/transfers/list-positions.ts`) instead of an offset walking index entries.
 *
 * A trigger keeps the ranks on every insert, whatever inserts the row (a request, a seed, a
 * benchmark's bulk insert): the rows of the client that sort after the new one move up by one and
 * the new one takes the position after the row sorting just before it. A row that sorts last (the
 * usual case) moves nothing; one created with an earlier time or a smaller id in the same
 * millisecond moves only the rows that sort after it. Rows are never deleted one by one (a reset
 * deletes every row of every client), so the ranks stay 1..n.
 *
 * On PostgreSQL the trigger first takes a transaction-scoped advisory lock of the client's list:
 * the inserts of one client are ranked one after the other, on every instance, and each of the
 * trigger's statements reads with a fresh snapshot, so it sees the rows the previous holder
 * committed. SQLite has one writer at a time. Existing rows are ranked by the backfill below.
 */
import { type Migration, type RawBuilder, sql } from 'kysely';
import type { AnyDb, Engine } from './helpers.js';

/** The tables ranked, with their id column. */
export const POSITIONED_TABLES = [
  { table: 'transfers', id: 'transfer_id' },
  { table: 'bank_transfers', id: 'bank_transfer_id' },
] as const;

type Positioned = (typeof POSITIONED_TABLES)[number];

/** SQLite: after each insert, move the rows sorting after the new one up, then rank the new one. */
function sqliteTrigger({ table, id }: Positioned): RawBuilder<unknown> {
  const t = sql.table(table);
  const key = sql.ref(id);
  return sql`create trigger ${sql.raw(`${table}_list_position`)} after insert on ${t}
    begin
      update ${t} set list_position = list_position + 1
        where client_id = new.client_id and (created, ${key}) > (new.created, new.${key});
      update ${t} set list_position = 1 + coalesce((
          select list_position from ${t}
            where client_id = new.client_id and (created, ${key}) < (new.created, new.${key})
            order by created desc, ${key} desc limit 1), 0)
        where ${key} = new.${key};
    end`;
}

/** PostgreSQL: the function of the trigger run before each insert (see the module comment). */
function postgresFunction({ table, id }: Positioned): RawBuilder<unknown> {
  const t = sql.table(table);
  const key = sql.ref(id);
  return sql`create or replace function ${sql.raw(`${table}_list_position`)}() returns trigger
    language plpgsql volatile as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended(${sql.lit(`${table}/`)} || new.client_id, 0));
      update ${t} set list_position = list_position + 1
        where client_id = new.client_id and (created, ${key}) > (new.created, new.${key});
      new.list_position := 1 + coalesce((
        select list_position from ${t}
          where client_id = new.client_id and (created, ${key}) < (new.created, new.${key})
          order by created desc, ${key} desc limit 1), 0);
      return new;
    end
    $$`;
}

/** The rank of every existing row (both engines have window functions and `update … from`). */
function backfill({ table, id }: Positioned): RawBuilder<unknown> {
  const t = sql.table(table);
  const key = sql.ref(id);
  return sql`update ${t} set list_position = ranked.position
    from (select ${key} as ranked_id,
            row_number() over (partition by client_id order by created, ${key}) as position
          from ${t}) as ranked
    where ${t}.${key} = ranked.ranked_id`;
}

/** Adds `list_position`, ranks the existing rows, indexes the positions and installs the triggers. */
export function listPositions(engine: Engine): Migration {
  return {
    async up(db: AnyDb) {
      for (const positioned of POSITIONED_TABLES) {
        const { table } = positioned;
        await db.schema
          .alterTable(table)
          .addColumn('list_position', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await backfill(positioned).execute(db);
        await db.schema.createIndex(`${table}_by_position`).on(table).columns(['client_id', 'list_position']).execute();
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
