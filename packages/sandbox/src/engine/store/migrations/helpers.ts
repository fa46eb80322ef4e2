/** What every migration uses: the engine name, a generated id column, the untyped database. */
import { type Kysely, type RawBuilder, sql } from 'kysely';

/** The engines the store runs on. */
export type Engine = 'sqlite' | 'postgres';

/** Migrations run before the typed schema exists, so they see an untyped database. */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type AnyDb = Kysely<any>;

/** Column definition of a generated integer primary key on `engine`. */
export function autoId(engine: Engine): RawBuilder<unknown> {
  return engine === 'sqlite' ? sql`integer primary key autoincrement` : sql`serial primary key`;
}
