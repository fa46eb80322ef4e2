/**
 * Migration 0029: the pruner's index of authorizations never used is partial (only rows with no
 * transfer, by creation time) on both engines, the pruner's statement finds its rows through it
 * on SQLite, and the pruner still deletes only unused authorizations older than the retention age.
 */
import { type CompiledQuery, createQueryId, type Kysely, Migrator, sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { migrationProvider } from '../../../src/engine/store/migrations/index.js';
import type { Store } from '../../../src/engine/store/open-store.js';
import { DEFAULT_RETENTION_POLICY } from '../../../src/engine/store/retention.js';
import { unusedAuthorizationsRetention } from '../../../src/features/transfers/retention.js';
import { MIGRATION_ENGINES } from '../../support/migration-engines.js';
import { authorizationRow } from '../../support/transfer-rows.js';

const INDEX = 'transfer_authorizations_unused_by_created';
const NOW = new Date(Date.UTC(2026, 10, 2, 12, 0, 0));
const DAY = 24 * 60 * 60 * 1000;

/** The client's authorization `id`, created `ageMs` before now, used by `transferId` (null: unused). */
function authorization(id: string, ageMs: number, transferId: string | null) {
  return authorizationRow({
    authorization_id: id,
    client_id: 'client-unused',
    created: new Date(NOW.getTime() - ageMs).toISOString(),
    transfer_id: transferId,
  });
}

/** What the pruner needs of a store, over `db`, with the statement of each query it runs kept in `statements`. */
function storeOf(engine: 'sqlite' | 'postgres', db: Kysely<Database>, statements: CompiledQuery[]): Store {
  const observed = db.withPlugin({
    transformQuery: ({ node }) => {
      statements.push(db.getExecutor().compileQuery(node, createQueryId()));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return {
    engine,
    db: observed,
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => observed.transaction().execute(work),
  } as unknown as Store;
}

describe.each(MIGRATION_ENGINES)('the index of unused authorizations after migration 0029 [%s]', (engine, open) => {
  it('is partial, and the pruner deletes only unused authorizations past the retention age', async () => {
    const { db, close } = await open();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider(engine) });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const definition =
        engine === 'sqlite'
          ? await sql<{
              definition: string;
            }>`select sql as definition from sqlite_master where name = ${INDEX}`.execute(db)
          : await sql<{
              definition: string;
            }>`select indexdef as definition from pg_indexes where indexname = ${INDEX}`.execute(db);
      expect(definition.rows[0]?.definition.toLowerCase()).toMatch(/where \(?"?transfer_id"? is null\)?/);
      await db
        .insertInto('transfer_authorizations')
        .values([
          authorization('old-unused', 2 * DAY, null),
          authorization('old-used', 2 * DAY, 'transfer-1'),
          authorization('new-unused', DAY / 2, null),
        ])
        .execute();
      const statements: CompiledQuery[] = [];
      const deleted = await unusedAuthorizationsRetention.pruneBatch(
        storeOf(engine, db, statements),
        NOW,
        DEFAULT_RETENTION_POLICY,
      );
      expect(deleted).toBe(1);
      const left = await db.selectFrom('transfer_authorizations').select('authorization_id').execute();
      expect(left.map((row) => row.authorization_id).sort()).toEqual(['new-unused', 'old-used']);
      if (engine === 'sqlite') {
        const prune = statements.find((statement) => statement.sql.startsWith('delete'));
        expect(prune).toBeDefined();
        const plan = await db.executeQuery<{ detail: string }>({
          ...(prune as CompiledQuery),
          sql: `explain query plan ${prune?.sql}`,
        });
        expect(plan.rows.map((row) => row.detail).join('\n')).toContain(`USING INDEX ${INDEX}`);
      }
    } finally {
      await close();
    }
  });
});
