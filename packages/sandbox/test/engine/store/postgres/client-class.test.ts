/**
 * The pool's one client class: `query(text, values)` runs through the pieces in the order of
 * their list, composed once per connection; pg's other forms of `query` are refused.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clientClassWith, UnsupportedQueryFormError } from '../../../../src/engine/store/postgres/client-class.js';
import type { ConnectionPiece } from '../../../../src/engine/store/postgres/send-query.js';
import { answer } from '../../../support/connection-pieces.js';

/** Pieces recording what they see; the last answers itself (pg is never reached), counting statements per connection. */
function recordingPieces() {
  const seen: string[] = [];
  let connections = 0;
  const passing =
    (label: string): ConnectionPiece =>
    (next) =>
    (statement) => {
      seen.push(`${label}: ${statement.text} ${JSON.stringify(statement.values)}`);
      return next({ ...statement, text: `${statement.text} /* ${label} */` });
    };
  const answering: ConnectionPiece = () => {
    connections++;
    let count = 0;
    return (statement) => {
      count++;
      return Promise.resolve(answer('SELECT', [{ text: statement.text, count }]));
    };
  };
  return { seen, connections: () => connections, pieces: [passing('first'), passing('second'), answering] };
}

describe('clientClassWith', () => {
  it("sends Kysely's query(text, values) through the pieces, the first of the list first", async () => {
    const { seen, pieces } = recordingPieces();
    const client = new (clientClassWith(pieces))();
    expect(client).toBeInstanceOf(pg.Client);
    const result = await client.query('select $1', [1]);
    expect(seen).toEqual(['first: select $1 [1]', 'second: select $1 /* first */ [1]']);
    expect(result.rows).toEqual([{ text: 'select $1 /* first */ /* second */', count: 1 }]);
  });

  it('composes the pieces once per connection: their state is the connection’s own', async () => {
    const { connections, pieces } = recordingPieces();
    const Client = clientClassWith(pieces);
    const [a, b] = [new Client(), new Client()];
    await a.query('select 1', []);
    const second = await a.query('select 2', []);
    const other = await b.query('select 3');
    expect(second.rows).toMatchObject([{ count: 2 }]);
    expect(other.rows).toMatchObject([{ count: 1 }]);
    expect(connections()).toBe(2);
  });

  it.each([
    ['a config object', (client: pg.Client) => client.query({ text: 'select 1' })],
    ['a callback', (client: pg.Client) => client.query('select 1', () => {})],
    ['values and a callback', (client: pg.Client) => client.query('select $1', [1], () => {})],
  ])('refuses %s', (_form, call) => {
    const client = new (clientClassWith(recordingPieces().pieces))();
    expect(() => call(client)).toThrow(UnsupportedQueryFormError);
  });
});
