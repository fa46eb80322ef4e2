/**
 * Statements given to a connection in one tick leave in one write to its socket; those of a later
 * tick in another; the order is kept.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { coalescedWrites } from '../../../../src/engine/store/postgres/coalesced-writes.js';
import type { SendQuery } from '../../../../src/engine/store/postgres/send-query.js';
import { answer } from '../../../support/connection-pieces.js';

/** The piece over a `next` that writes each statement's text to the socket at once, as pg's pipeline mode does. */
function fakeConnection() {
  const writes: string[][] = [];
  const socket = new Writable({
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  const next: SendQuery = ({ text }) => {
    socket.write(text);
    return Promise.resolve(answer(text));
  };
  return { writes, send: coalescedWrites(next, { socket: () => socket }) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedWrites', () => {
  it('writes the statements of one tick together, those of the next tick apart, in order', async () => {
    const { writes, send } = fakeConnection();
    const answers = ['begin', 'select 1', 'select 2'].map((text) => send({ text, values: [] }));
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual([['begin', 'select 1', 'select 2']]);
    await send({ text: 'commit', values: [] });
    await nextTurn();
    expect(writes).toEqual([['begin', 'select 1', 'select 2'], ['commit']]);
    expect((await Promise.all(answers)).map((answer) => answer.command)).toEqual(['begin', 'select 1', 'select 2']);
  });
});
