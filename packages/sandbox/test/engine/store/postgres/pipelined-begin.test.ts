/**
 * `begin` held back until the transaction's first statement, then sent right before it (one
 * round trip for both on a pipelining connection); nothing sent for a transaction without
 * statements; a `commit` answered with `ROLLBACK` is an error.
 */
import { describe, expect, it } from 'vitest';
import { pipelinedBegin, RolledBackOnCommitError } from '../../../../src/engine/store/postgres/pipelined-begin.js';
import type { Answer } from '../../../../src/engine/store/postgres/send-query.js';
import { answer, pieceOver } from '../../../support/connection-pieces.js';

/** The piece over a `next` recording the texts it is given; `answerOf` gives each one's answer. */
function fakeConnection(answerOf: (text: string) => Promise<Answer> = (text) => Promise.resolve(answer(text))) {
  const sent: string[] = [];
  const send = pieceOver(pipelinedBegin, ({ text }) => {
    sent.push(text);
    return answerOf(text);
  });
  return { sent, query: (text: string) => send({ text, values: [] }) };
}

describe('pipelinedBegin', () => {
  it('answers begin at once and sends it right before the first statement, in the same tick', async () => {
    const { sent, query } = fakeConnection();
    expect(await query('begin')).toMatchObject({ command: 'BEGIN' });
    expect(sent).toEqual([]);
    const first = query('select 1');
    // Both are handed to the connection before anything is awaited: they share a round trip.
    expect(sent).toEqual(['begin', 'select 1']);
    expect(await first).toEqual(answer('select 1'));
    await query('select 2');
    await query('commit');
    expect(sent).toEqual(['begin', 'select 1', 'select 2', 'commit']);
  });

  it.each(['commit', 'rollback'])('sends neither begin nor %s for a transaction without statements', async (end) => {
    const { sent, query } = fakeConnection();
    await query('begin');
    expect(await query(end)).toMatchObject({ command: end.toUpperCase() });
    expect(sent).toEqual([]);
    await query('select 1');
    expect(sent).toEqual(['select 1']);
  });

  it('fails the first statement when begin failed', async () => {
    const { query } = fakeConnection((text) =>
      text === 'begin' ? Promise.reject(new Error('begin failed')) : Promise.resolve(answer('SELECT')),
    );
    await query('begin');
    await expect(query('select 1')).rejects.toThrow('begin failed');
  });

  it('throws when the server rolled back at commit (a statement of the transaction had failed)', async () => {
    const { query } = fakeConnection((text) =>
      Promise.resolve(answer(text === 'commit' ? 'ROLLBACK' : text.toUpperCase())),
    );
    await query('begin');
    await query('insert into "t" values (1)');
    await expect(query('commit')).rejects.toBeInstanceOf(RolledBackOnCommitError);
  });
});
