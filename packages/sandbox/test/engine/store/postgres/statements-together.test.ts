/**
 * A batch of `together` expanded by the connection's piece: every statement handed over before
 * any answer is awaited (one round trip on a pipelining connection), one answer row per statement
 * in order, and the first failure thrown.
 */
import { describe, expect, it } from 'vitest';
import { statementsTogether } from '../../../../src/engine/store/postgres/statements-together.js';
import { TOGETHER_MARKER } from '../../../../src/engine/store/together.js';
import { answer, pieceOver } from '../../../support/connection-pieces.js';

function fakeConnection(fail?: string) {
  const sent: [string, readonly unknown[]][] = [];
  const answered: string[] = [];
  const send = pieceOver(statementsTogether, ({ text, values }) => {
    sent.push([text, values]);
    return Promise.resolve().then(() => {
      answered.push(text);
      if (text === fail) {
        throw new Error(`${text} failed`);
      }
      return answer(text.startsWith('update') ? 'UPDATE' : 'SELECT', [{ text }]);
    });
  });
  return { sent, answered, send };
}

const batch = [
  { sql: 'select 1', parameters: [1] },
  { sql: 'update "t" set "a" = $1', parameters: [2] },
  { sql: 'select 3', parameters: [] },
];

describe('statementsTogether', () => {
  it('hands every statement of a batch over at once and answers one row per statement, in order', async () => {
    const { sent, answered, send } = fakeConnection();
    const result = send({ text: TOGETHER_MARKER, values: [batch] });
    expect(sent).toEqual([
      ['select 1', [1]],
      ['update "t" set "a" = $1', [2]],
      ['select 3', []],
    ]);
    expect(answered).toEqual([]);
    expect(await result).toMatchObject({
      rows: [
        { command: 'SELECT', rowCount: 1, rows: [{ text: 'select 1' }] },
        { command: 'UPDATE', rowCount: 1, rows: [{ text: 'update "t" set "a" = $1' }] },
        { command: 'SELECT', rowCount: 1, rows: [{ text: 'select 3' }] },
      ],
    });
  });

  it('throws the first failure once every statement is answered', async () => {
    const { answered, send } = fakeConnection('update "t" set "a" = $1');
    await expect(send({ text: TOGETHER_MARKER, values: [batch] })).rejects.toThrow('update "t" set "a" = $1 failed');
    expect(answered).toHaveLength(3);
  });

  it('passes any other statement on unchanged', async () => {
    const { sent, send } = fakeConnection();
    await send({ text: 'select 1', values: [1] });
    expect(sent).toEqual([['select 1', [1]]]);
  });
});
