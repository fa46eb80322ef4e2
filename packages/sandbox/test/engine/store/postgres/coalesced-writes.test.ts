/**
 * Statements given to a connection in one tick leave in one write to its socket; those of a later
 * tick in another; the order is kept, and a connection without a socket yet is passed through.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withCoalescedWrites } from '../../../../src/engine/store/postgres/coalesced-writes.js';

/** A client class whose `query` writes its text to the connection's socket at once, as pg's pipeline mode does. */
function fakeClient(withSocket = true) {
  const writes: string[][] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  class WritingClient {
    connection = withSocket ? { stream } : {};
    query(text: string): Promise<string> {
      stream.write(text);
      return Promise.resolve(text);
    }
  }
  return { writes, client: new (withCoalescedWrites(WritingClient))() };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('withCoalescedWrites', () => {
  it('writes the statements of one tick together, those of the next tick apart, in order', async () => {
    const { writes, client } = fakeClient();
    const answers = [client.query('begin'), client.query('select 1'), client.query('select 2')];
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([['begin', 'select 1', 'select 2']]);
    await client.query('commit');
    await nextTurn();
    expect(writes).toEqual([['begin', 'select 1', 'select 2'], ['commit']]);
    expect(await Promise.all(answers)).toEqual(['begin', 'select 1', 'select 2']);
  });

  it('passes statements through when the connection has no socket yet', async () => {
    const { writes, client } = fakeClient(false);
    expect(await client.query('select 1')).toBe('select 1');
    expect(writes).toEqual([['select 1']]);
  });
});
