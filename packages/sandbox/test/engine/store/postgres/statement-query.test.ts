/**
 * Each named statement's rows described once per connection, against a real PostgreSQL: later
 * executions go without `Describe` and answer the same rows, of the same types, as pg's own
 * `query` does; errors are pg's; statements given together before any description arrived are
 * answered right.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientClassWith } from '../../../../src/engine/store/postgres/client-class.js';
import { createStatementNames, namedStatements } from '../../../../src/engine/store/postgres/named-statements.js';
import { createTestDatabase } from '../../../support/postgres.js';

/** Columns of every type the store reads: bigint, numeric, timestamptz, date, json, jsonb, bool, arrays, nulls. */
const ROWS_SQL = `select "id", "amount", "count", "at", "day", "doc", "flags", "tags", "note", "ok"
  from "things" where "id" >= $1 order by "id"`;
const INSERT_SQL =
  'insert into "things" ("id", "amount", "count", "at", "day", "doc", "flags", "tags", "note", "ok") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)';

let url = '';
/** A connection of the store's client class (statements named as the store names them) and a plain pg client. */
let store: pg.Client;
let plain: pg.Client;
/** Messages of each kind the store's connection received from the server. */
const received = new Map<string, number>();

function storeClient(): pg.Client {
  const Client = clientClassWith([namedStatements(createStatementNames())]);
  return new Client({ connectionString: url, pipeline: true });
}

beforeAll(async () => {
  url = await createTestDatabase(inject('pgAdminUrl'));
  plain = new pg.Client({ connectionString: url });
  await plain.connect();
  await plain.query(`create table "things" (
    "id" integer primary key, "amount" numeric(20, 2), "count" bigint, "at" timestamptz, "day" date,
    "doc" json, "flags" jsonb, "tags" text[], "note" text, "ok" boolean)`);
  const values: unknown[][] = [
    [
      1,
      '12.50',
      '9007199254740993',
      '2026-01-02T03:04:05.678Z',
      '2026-01-02',
      '{"a":1}',
      '{"b":[true]}',
      ['x', 'y'],
      'é',
      true,
    ],
    [2, null, null, null, null, null, null, null, null, null],
  ];
  for (const row of values) {
    await plain.query(INSERT_SQL, row);
  }
  store = storeClient();
  await store.connect();
  for (const name of ['rowDescription', 'noData', 'dataRow']) {
    store.connection.on(name, () => received.set(name, (received.get(name) ?? 0) + 1));
  }
});

afterAll(async () => {
  await store?.end();
  await plain?.end();
});

describe("the store's statements to pg", () => {
  it('describes a named statement once per connection and answers the same rows as pg', async () => {
    const expected = (await plain.query(ROWS_SQL, [0])).rows;
    const before = received.get('rowDescription') ?? 0;
    const answers = [];
    for (let run = 0; run < 3; run++) {
      answers.push((await store.query(ROWS_SQL, [0])).rows);
    }
    expect(received.get('rowDescription')).toBe(before + 1);
    for (const rows of answers) {
      expect(rows).toEqual(expected);
      expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    }
    expect(typeof answers[2]?.[0].count).toBe('string');
    expect(answers[2]?.[0].at).toBeInstanceOf(Date);
  });

  it('describes a statement that returns no rows once too, and answers its row count', async () => {
    const update = 'update "things" set "note" = $1 where "id" = $2';
    const before = received.get('noData') ?? 0;
    const counts = [];
    for (const note of ['a', 'b', 'c']) {
      counts.push((await store.query(update, [note, 2])).rowCount);
    }
    expect(counts).toEqual([1, 1, 1]);
    expect(received.get('noData')).toBe(before + 1);
  });

  it('answers statements given together, before any description arrived, each with its rows', async () => {
    const fresh = storeClient();
    await fresh.connect();
    try {
      const sql = 'select "id", "note" from "things" where "id" = $1';
      const answers = await Promise.all([1, 2, 1, 2].map((id) => fresh.query(sql, [id])));
      expect(answers.map(({ rows }) => rows[0].id)).toEqual([1, 2, 1, 2]);
      expect((await fresh.query(sql, [1])).rows).toEqual([{ id: 1, note: 'é' }]);
    } finally {
      await fresh.end();
    }
  });

  it("fails a described statement with PostgreSQL's error, as pg does", async () => {
    const row = [1, null, null, null, null, null, null, null, null, null];
    const expected = await plain.query(INSERT_SQL, row).catch((error: unknown) => error);
    const errors = [];
    for (let run = 0; run < 2; run++) {
      errors.push(await store.query(INSERT_SQL, row).catch((error: unknown) => error));
    }
    for (const error of errors) {
      expect(error).toBeInstanceOf(pg.DatabaseError);
      expect(error).toMatchObject({ code: '23505', message: (expected as Error).message });
    }
    // The connection still answers.
    expect((await store.query('select "id" from "things" where "id" = $1', [2])).rows).toEqual([{ id: 2 }]);
  });
});
