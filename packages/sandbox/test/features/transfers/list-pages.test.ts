/**
 * The lists find a page by list position (no filter but the dates) or its ids in a covering index
 * (other filters), then read those rows: the pages must be exactly what the plain query
 * (`order by created desc, id desc limit offset`) gives, for every filter, window and offset, with
 * ties in `created`, also when the rows arrive out of list order (the positions are then re-ranked
 * on insert).
 */
import { type InsertObject, type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../../src/engine/store/database.js';
import { bankTransferLifecycle } from '../../../src/features/bank-transfers/index.js';
import type { ListWindow } from '../../../src/features/transfers/list-window.js';
import { transferLifecycle } from '../../../src/features/transfers/queries.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  bankTransferRequest,
  CANONICAL,
  newKey,
} from '../../support/transfer-fixtures.js';

const ROWS = 90;
const client = DEFAULT_CLIENT.clientId;
const base = Date.parse('2026-10-01T00:00:00.000Z');
/** Three rows per millisecond: ties ordered by id. */
const createdAt = (index: number) => new Date(base + Math.floor(index / 3)).toISOString();
const ORIGINATIONS = ['orig-list-a', 'orig-list-b'];

const windows: [string, Omit<ListWindow, 'count' | 'offset'>][] = [
  ['no dates', { start: null, end: null }],
  ['from a tie', { start: createdAt(30), end: null }],
  ['until a tie', { start: null, end: createdAt(61) }],
  ['between', { start: createdAt(10), end: createdAt(70) }],
  ['before every row', { start: null, end: '2026-09-30T00:00:00.000Z' }],
  ['after every row', { start: '2026-12-01T00:00:00.000Z', end: null }],
];
const pages: [number, number][] = [
  [25, 0],
  [25, 25],
  [7, 44],
  [25, 80],
  [25, 200],
  [1, 0],
];

/** The page of the plain query: `order by created desc, <id> desc limit offset`, with the same filters. */
async function plainPage(
  db: Kysely<Database>,
  table: 'transfers' | 'bank_transfers',
  window: ListWindow,
  filters: Record<string, string | null>,
): Promise<unknown[]> {
  const conditions = [sql`client_id = ${client}`];
  if (window.start !== null) {
    conditions.push(sql`created >= ${window.start}`);
  }
  if (window.end !== null) {
    conditions.push(sql`created <= ${window.end}`);
  }
  for (const [column, value] of Object.entries(filters)) {
    if (value !== null) {
      conditions.push(sql`${sql.ref(column)} = ${value}`);
    }
  }
  const id = sql.ref(table === 'transfers' ? 'transfer_id' : 'bank_transfer_id');
  const { rows } = await sql`select * from ${sql.table(table)} where ${sql.join(conditions, sql` and `)}
    order by created desc, ${id} desc limit ${window.count} offset ${window.offset}`.execute(db);
  return rows;
}

/** Every window and page with every combination of `filters` (each column: null or one of its values). */
function* cases(filters: Record<string, readonly string[]>): Generator<[ListWindow, Record<string, string | null>]> {
  let combinations: Record<string, string | null>[] = [{}];
  for (const [column, values] of Object.entries(filters)) {
    combinations = combinations.flatMap((combination) =>
      [null, ...values].map((value) => ({ ...combination, [column]: value })),
    );
  }
  for (const [, dates] of windows) {
    for (const combination of combinations) {
      for (const [count, offset] of pages) {
        yield [{ ...dates, count, offset }, combination];
      }
    }
  }
}

/** Copies of `template` with ids not in creation order (the tie-break is tested) and the filter columns varied. */
function copies<T extends object>(template: T, fields: (index: number) => Partial<T>): T[] {
  return Array.from({ length: ROWS }, (_, index) => ({
    ...template,
    created: createdAt(index),
    origination_account_id: ORIGINATIONS[index % 2] ?? '',
    ...fields(index),
  }));
}

const listId = (index: number) => `list-${String((index * 37) % ROWS).padStart(3, '0')}`;

/**
 * An arrival order of the copies unrelated to list order: `created` going back and forth (the
 * tests run on one store, so these copies also land among the rows of the test before).
 */
const arrivalOrder = <T>(rows: T[]): T[] => rows.map((_, index) => rows[(index * 53) % ROWS] as T);

/**
 * Inserts `rows` out of list order, half one by one and half in one statement (the trigger ranks
 * each row as it is inserted in both cases).
 */
async function insertOutOfOrder<T extends 'transfers' | 'bank_transfers'>(
  db: Kysely<Database>,
  table: T,
  rows: InsertObject<Database, T>[],
) {
  const arriving = arrivalOrder(rows);
  for (const row of arriving.slice(0, ROWS / 2)) {
    await db.insertInto(table).values(row).execute();
  }
  await db
    .insertInto(table)
    .values(arriving.slice(ROWS / 2))
    .execute();
}

/** Each row's `list_position` and its rank in list order computed by the database (1 = oldest). */
async function positionsAndRanks(db: Kysely<Database>, table: 'transfers' | 'bank_transfers') {
  const id = table === 'transfers' ? 'transfer_id' : 'bank_transfer_id';
  const positions = table === 'transfers' ? 'transfer_list_positions' : 'bank_transfer_list_positions';
  const { rows } = await sql<{ list_position: number; rank: number }>`select p.list_position,
      row_number() over (order by t.created, ${sql.ref(`t.${id}`)}) as rank
    from ${sql.table(table)} t join ${sql.table(positions)} p on ${sql.ref(`p.${id}`)} = ${sql.ref(`t.${id}`)}
    where t.client_id = ${client} order by t.created, ${sql.ref(`t.${id}`)}`.execute(db);
  expect(rows).toHaveLength(
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where client_id = ${client}`.execute(db))
        .rows[0]?.n,
    ),
  );
  return {
    positions: rows.map((row) => Number(row.list_position)),
    ranks: rows.map((row) => Number(row.rank)),
  };
}

describeEngines('the transfer lists, page by page', (sandbox) => {
  it('gives the pages of the plain query for transfers', async () => {
    const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(CANONICAL), newKey('list'));
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('transfers')
      .selectAll()
      .where('transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    const rows = copies(template, (index) => ({ transfer_id: listId(index), authorization_id: `list-auth-${index}` }));
    await db.insertInto('transfers').values(rows).execute();
    for (const [window, filters] of cases({ origination_account_id: ORIGINATIONS })) {
      const page = transferLifecycle.pageStatement(db, client, window, {
        origination_account_id: filters.origination_account_id ?? null,
      });
      const listed = (await db.executeQuery(page)).rows;
      expect(listed, JSON.stringify({ window, filters })).toEqual(await plainPage(db, 'transfers', window, filters));
    }
  });

  it('ranks transfers arriving out of list order and still gives the pages of the plain query', async () => {
    const { transfer } = await authorizeAndCreate(sandbox(), authorizationRequest(CANONICAL), newKey('list'));
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('transfers')
      .selectAll()
      .where('transfer_id', '=', transfer.id)
      .executeTakeFirstOrThrow();
    const rows = copies(template, (index) => ({
      transfer_id: `late-${listId(index)}`,
      authorization_id: `late-auth-${index}`,
    }));
    await insertOutOfOrder(db, 'transfers', rows);
    const { positions, ranks } = await positionsAndRanks(db, 'transfers');
    expect(positions).toEqual(ranks);
    for (const [window, filters] of cases({ origination_account_id: ORIGINATIONS })) {
      const page = transferLifecycle.pageStatement(db, client, window, {
        origination_account_id: filters.origination_account_id ?? null,
      });
      const listed = (await db.executeQuery(page)).rows;
      expect(listed, JSON.stringify({ window, filters })).toEqual(await plainPage(db, 'transfers', window, filters));
    }
  });

  it('gives the pages of the plain query for bank transfers', async () => {
    const request = bankTransferRequest(CANONICAL, newKey('list'));
    const { bank_transfer: created } = await sandbox().ok('bankTransferCreate', request);
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('bank_transfer_id', '=', created.bank_transfer_id)
      .executeTakeFirstOrThrow();
    const rows = copies(template, (index) => ({
      bank_transfer_id: listId(index),
      direction: index % 3 === 0 ? ('inbound' as const) : ('outbound' as const),
    }));
    await db.insertInto('bank_transfers').values(rows).execute();
    await expectBankPages(db);
  });

  it('ranks bank transfers arriving out of list order and still gives the pages of the plain query', async () => {
    const request = bankTransferRequest(CANONICAL, newKey('list'));
    const { bank_transfer: created } = await sandbox().ok('bankTransferCreate', request);
    const { db } = sandbox().sandbox.store;
    const template = await db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('bank_transfer_id', '=', created.bank_transfer_id)
      .executeTakeFirstOrThrow();
    const rows = copies(template, (index) => ({
      bank_transfer_id: `late-${listId(index)}`,
      direction: index % 3 === 0 ? ('inbound' as const) : ('outbound' as const),
    }));
    await insertOutOfOrder(db, 'bank_transfers', rows);
    const { positions, ranks } = await positionsAndRanks(db, 'bank_transfers');
    expect(positions).toEqual(ranks);
    await expectBankPages(db);
  });
});

/** Every page of the bank transfer list equals the plain query's, with every filter combination. */
async function expectBankPages(db: Kysely<Database>): Promise<void> {
  const directions = ['inbound', 'outbound'] as const;
  for (const [window, filters] of cases({ origination_account_id: ORIGINATIONS, direction: directions })) {
    const page = bankTransferLifecycle.pageStatement(db, client, window, {
      origination_account_id: filters.origination_account_id ?? null,
      direction: (filters.direction ?? null) as (typeof directions)[number] | null,
    });
    const listed = (await db.executeQuery(page)).rows;
    expect(listed, JSON.stringify({ window, filters })).toEqual(await plainPage(db, 'bank_transfers', window, filters));
  }
}
