/**
 * `begin` held back until the transaction's first statement, then sent right before it (one
 * round trip for both on a pipelining connection); nothing sent for a transaction without
 * statements; a `commit` answered with `ROLLBACK` is an error.
 */
import { describe, expect, it } from 'vitest';
import { RolledBackOnCommitError, withPipelinedBegin } from '../../../../src/engine/store/postgres/pipelined-begin.js';

/** A client class recording its calls of `query`; `answer` gives each call's result. */
function fakeClient(answer: (text: string) => Promise<unknown> = (text) => Promise.resolve({ command: text })) {
  const sent: string[] = [];
  class RecordingClient {
    query(first: unknown, ..._rest: unknown[]): Promise<unknown> {
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      sent.push(text);
      return answer(text);
    }
  }
  return { sent, Client: withPipelinedBegin(RecordingClient) };
}

describe('withPipelinedBegin', () => {
  it('answers begin at once and sends it right before the first statement, in the same tick', async () => {
    const { sent, Client } = fakeClient();
    const client = new Client();
    expect(await client.query('begin', [])).toMatchObject({ command: 'BEGIN' });
    expect(sent).toEqual([]);
    const first = client.query({ name: 'svc_1', text: 'select 1', values: [] });
    // Both are handed to the connection before anything is awaited: they share a round trip.
    expect(sent).toEqual(['begin', 'select 1']);
    expect(await first).toEqual({ command: 'select 1' });
    await client.query('select 2', []);
    await client.query('commit', []);
    expect(sent).toEqual(['begin', 'select 1', 'select 2', 'commit']);
  });

  it.each(['commit', 'rollback'])('sends neither begin nor %s for a transaction without statements', async (end) => {
    const { sent, Client } = fakeClient();
    const client = new Client();
    await client.query('begin', []);
    expect(await client.query(end, [])).toMatchObject({ command: end.toUpperCase() });
    expect(sent).toEqual([]);
    await client.query('select 1', []);
    expect(sent).toEqual(['select 1']);
  });

  it('fails the first statement when begin failed', async () => {
    const { Client } = fakeClient((text) =>
      text === 'begin' ? Promise.reject(new Error('begin failed')) : Promise.resolve({ command: 'SELECT' }),
    );
    const client = new Client();
    await client.query('begin', []);
    await expect(client.query('select 1', [])).rejects.toThrow('begin failed');
  });

  it('throws when the server rolled back at commit (a statement of the transaction had failed)', async () => {
    const { Client } = fakeClient((text) =>
      Promise.resolve({ command: text === 'commit' ? 'ROLLBACK' : text.toUpperCase() }),
    );
    const client = new Client();
    await client.query('begin', []);
    await client.query('insert into "t" values (1)', []);
    await expect(client.query('commit', [])).rejects.toBeInstanceOf(RolledBackOnCommitError);
  });

  it('passes calls with a callback on unchanged, sending a held begin first', () => {
    const { sent, Client } = fakeClient();
    const client = new Client();
    client.query('begin', []);
    client.query('select 1', [], () => {});
    expect(sent).toEqual(['begin', 'select 1']);
  });
});
