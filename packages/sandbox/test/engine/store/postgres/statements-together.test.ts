/**
 * A batch of `together` expanded by the client class: every statement handed over before any
 * answer is awaited (one round trip on a pipelining connection), one answer row per statement in
 * order, and the first failure thrown.
 */
import { describe, expect, it } from 'vitest';
import { withStatementsTogether } from '../../../../src/engine/store/postgres/statements-together.js';
import { TOGETHER_MARKER } from '../../../../src/engine/store/together.js';

function fakeClient(fail?: string) {
  const sent: [string, unknown[]][] = [];
  const answered: string[] = [];
  class RecordingClient {
    query(text: string, values: unknown[]): Promise<unknown> {
      sent.push([text, values]);
      return Promise.resolve().then(() => {
        answered.push(text);
        if (text === fail) {
          throw new Error(`${text} failed`);
        }
        return { command: text.startsWith('update') ? 'UPDATE' : 'SELECT', rowCount: 1, rows: [{ text }] };
      });
    }
  }
  return { sent, answered, client: new (withStatementsTogether(RecordingClient))() };
}

const batch = [
  { sql: 'select 1', parameters: [1] },
  { sql: 'update "t" set "a" = $1', parameters: [2] },
  { sql: 'select 3', parameters: [] },
];

describe('withStatementsTogether', () => {
  it('hands every statement of a batch over at once and answers one row per statement, in order', async () => {
    const { sent, answered, client } = fakeClient();
    const result = client.query(TOGETHER_MARKER, [batch]);
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
    const { answered, client } = fakeClient('update "t" set "a" = $1');
    await expect(client.query(TOGETHER_MARKER, [batch])).rejects.toThrow('update "t" set "a" = $1 failed');
    expect(answered).toHaveLength(3);
  });

  it('passes any other query on unchanged', async () => {
    const { sent, client } = fakeClient();
    await client.query('select 1', [1]);
    expect(sent).toEqual([['select 1', [1]]]);
  });
});
