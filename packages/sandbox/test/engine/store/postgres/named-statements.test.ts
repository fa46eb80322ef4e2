/**
 * Named statements on PostgreSQL: data statements get one stable name per SQL text, everything
 * else runs unnamed.
 */
import { describe, expect, it } from 'vitest';
import { createStatementNames, namedStatements } from '../../../../src/engine/store/postgres/named-statements.js';
import type { SendQuery, Statement } from '../../../../src/engine/store/postgres/send-query.js';
import { answer, pieceOver } from '../../../support/connection-pieces.js';

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

describe('namedStatements', () => {
  /** The piece over a `next` recording the statements it is given. */
  function fakeConnection() {
    const sent: Statement[] = [];
    const next: SendQuery = (statement) => {
      sent.push(statement);
      return Promise.resolve(answer('SELECT'));
    };
    return { send: pieceOver(namedStatements(createStatementNames()), next), sent };
  }

  it('sends a data statement as a named statement, the same name for the same text', async () => {
    const { send, sent } = fakeConnection();
    await send({ text: 'select * from "items" where "item_id" = $1', values: ['i-1'] });
    await send({ text: 'select * from "items" where "item_id" = $1', values: ['i-2'] });
    expect(sent).toEqual([
      { name: 'svc_1', text: 'select * from "items" where "item_id" = $1', values: ['i-1'] },
      { name: 'svc_1', text: 'select * from "items" where "item_id" = $1', values: ['i-2'] },
    ]);
  });

  it('passes other statements on unnamed', async () => {
    const { send, sent } = fakeConnection();
    await send({ text: 'begin', values: [] });
    await send({ text: 'lock table "t"', values: [] });
    expect(sent).toEqual([
      { text: 'begin', values: [] },
      { text: 'lock table "t"', values: [] },
    ]);
  });
});
