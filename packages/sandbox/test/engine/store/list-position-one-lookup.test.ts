/**
 * Migration 0028: on SQLite the list position triggers look the new row's predecessor up once,
 * and on both engines every insert, in any order (ties in `created` broken by id), still ranks
 * each client's transfers and bank transfers 1..n in list order.
 */
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../src/engine/store/migrations/index.js';
import type { BankTransfersTable } from '../../../src/features/bank-transfers/tables.js';
import { MIGRATION_ENGINES, type MigrationDatabase } from '../../support/migration-engines.js';
import { transferRow } from '../../support/transfer-rows.js';

const at = (second: number, millisecond = 0) =>
  new Date(Date.UTC(2026, 10, 2, 10, 0, second, millisecond)).toISOString();

/** `[client, id, created]` in insert order: last, first, between, ties, another client between. */
const INSERTS: [string, string, string][] = [
  ['client-a', 'a-5', at(5)],
  ['client-a', 'a-9', at(9)],
  ['client-b', 'b-4', at(4)],
  ['client-a', 'a-1', at(1)],
  ['client-a', 'a-7', at(7)],
  ['client-a', 'a-5c', at(5)],
  ['client-a', 'a-5b', at(5)],
  ['client-b', 'b-2', at(2)],
  ['client-a', 'a-0', at(0, 999)],
  ['client-a', 'a-9z', at(9)],
  ['client-b', 'b-6', at(6)],
];

/** Each client's ids in list order (oldest first, ties by id), as the positions must rank them. */
function expectedRanks(): Record<string, string[]> {
  const sorted = [...INSERTS].sort(([, idA, createdA], [, idB, createdB]) =>
    createdA === createdB ? (idA < idB ? -1 : 1) : createdA < createdB ? -1 : 1,
  );
  const byClient: Record<string, string[]> = {};
  for (const [client, id] of sorted) {
    byClient[client] ??= [];
    byClient[client].push(id);
  }
  return byClient;
}

function bankTransferRow(clientId: string, id: string, created: string): BankTransfersTable {
  return {
    bank_transfer_id: id,
    client_id: clientId,
    item_id: 'item-positions',
    account_id: 'account-positions',
    ach_class: 'ppd',
    amount: '1.00',
    cancellable: 1,
    created,
    custom_tag: null,
    description: 'positions',
    direction: 'outbound',
    failure_reason: null,
    iso_currency_code: 'USD',
    metadata: '{}',
    network: 'ach',
    origination_account_id: 'orig-positions',
    status: 'pending',
    type: 'debit',
    user_details: '{}',
  };
}

/** Each client's ids of `positions` by list position, checking the positions are 1..n. */
async function idsByPosition(
  { db }: MigrationDatabase,
  positions: 'transfer_list_positions' | 'bank_transfer_list_positions',
  id: 'transfer_id' | 'bank_transfer_id',
): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ client_id: string; id: string; list_position: number }>`
    select client_id, ${sql.ref(id)} as id, list_position from ${sql.table(positions)}
    order by client_id, list_position`.execute(db);
  const byClient: Record<string, string[]> = {};
  for (const row of rows) {
    byClient[row.client_id] ??= [];
    byClient[row.client_id]?.push(row.id);
    expect(Number(row.list_position)).toBe(byClient[row.client_id]?.length);
  }
  return byClient;
}

describe.each(MIGRATION_ENGINES)('list positions after migration 0028 [%s]', (engine, open) => {
  it('ranks rows inserted one by one in any order, per client, in list order', async () => {
    const database = await open();
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider(engine) });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      for (const [client, id, created] of INSERTS) {
        await database.db
          .insertInto('transfers')
          .values(transferRow(client, id, created))
          .execute();
        await database.db
          .insertInto('bank_transfers')
          .values(bankTransferRow(client, id, created))
          .execute();
      }
      expect(await idsByPosition(database, 'transfer_list_positions', 'transfer_id')).toEqual(expectedRanks());
      expect(await idsByPosition(database, 'bank_transfer_list_positions', 'bank_transfer_id')).toEqual(
        expectedRanks(),
      );
    } finally {
      await database.close();
    }
  });
});

describe('the SQLite list position triggers after migration 0028', () => {
  it("look the new row's predecessor up once", async () => {
    const [, open] = MIGRATION_ENGINES.find(([engine]) => engine === 'sqlite') ?? [];
    const database = await open?.();
    if (!database) {
      throw new Error('no SQLite migration engine');
    }
    try {
      const migrator = new Migrator({ db: database.db, provider: migrationProvider('sqlite') });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const { rows } = await sql<{ name: string; sql: string }>`
        select name, sql from sqlite_master where type = 'trigger' and name like '%list_position'
        order by name`.execute(database.db);
      expect(rows.map((row) => row.name)).toEqual(['bank_transfers_list_position', 'transfers_list_position']);
      for (const row of rows) {
        // The predecessor's seek is the one subquery ordered newest first.
        expect(row.sql.match(/order by created desc/g)).toHaveLength(1);
      }
    } finally {
      await database.close();
    }
  });
});
