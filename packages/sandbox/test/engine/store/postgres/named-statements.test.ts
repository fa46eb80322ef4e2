/**
 * Named statements on PostgreSQL: data statements get one stable name per SQL text, everything
 * else runs unnamed, and a client's other forms of `query` are passed through.
 */
import { describe, expect, it } from 'vitest';
import { createStatementNames, withNamedStatements } from '../../../../src/engine/store/postgres/named-statements.js';

describe('createStatementNames', () => {
  it('names each data statement once, in order of first use', () => {
    const names = createStatementNames();
    expect(names.nameOf('select * from "items" where "item_id" = $1')).toBe('svc_1');
    expect(names.nameOf('insert into "counters" ("name") values ($1)')).toBe('svc_2');
    expect(names.nameOf('select * from "items" where "item_id" = $1')).toBe('svc_1');
    expect(names.nameOf('  WITH x as (select 1) select * from x')).toBe('svc_3');
    expect(names.nameOf('update "t" set "a" = $1')).toBe('svc_4');
    expect(names.nameOf('delete from "t"')).toBe('svc_5');
  });

  it.each(['begin', 'commit', 'rollback', 'create table "t" ("a" text)', 'drop table "t"', 'selection'])(
    'leaves %j unnamed',
    (sql) => {
      expect(createStatementNames().nameOf(sql)).toBeUndefined();
    },
  );

  it('stops naming new texts at its limit and keeps the names it gave', () => {
    const names = createStatementNames(2);
    expect(names.nameOf('select 1')).toBe('svc_1');
    expect(names.nameOf('select 2')).toBe('svc_2');
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe('svc_1');
  });
});

describe('withNamedStatements', () => {
  /** A client class recording its calls of `query`, made named by `withNamedStatements`. */
  function fakeClient() {
    const calls: unknown[][] = [];
    class RecordingClient {
      query(...args: unknown[]): Promise<unknown> {
        calls.push(args);
        return Promise.resolve({ rows: [] });
      }
    }
    const NamedClient = withNamedStatements(RecordingClient, createStatementNames());
    return { client: new NamedClient(), calls };
  }

  it("sends Kysely's query(text, values) of a data statement as a named statement", async () => {
    const { client, calls } = fakeClient();
    await client.query('select * from "items" where "item_id" = $1', ['i-1']);
    expect(calls).toEqual([[{ name: 'svc_1', text: 'select * from "items" where "item_id" = $1', values: ['i-1'] }]]);
  });

  it('passes other statements and other forms of call through unchanged', async () => {
    const { client, calls } = fakeClient();
    await client.query('begin', []);
    await client.query('select 1');
    const config = { text: 'select $1::int', values: [1] };
    await client.query(config);
    expect(calls).toEqual([['begin', []], ['select 1'], [config]]);
  });
});
