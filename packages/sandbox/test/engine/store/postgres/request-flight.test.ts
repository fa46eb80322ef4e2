/**
 * A request's first flight: its statement goes out right before the work's first data statement
 * (once), or alone when the work sent none; a `commit`, and a write outside a transaction, wait
 * for the gate, and a closed gate refuses them unsent; reads never wait.
 */
import { describe, expect, it } from 'vitest';
import { requestFlights, runInFlight } from '../../../../src/engine/store/postgres/request-flight.js';
import type { Answer } from '../../../../src/engine/store/postgres/send-query.js';
import type { GateDecision } from '../../../../src/engine/store/request-lookup.js';
import { answer, pieceOver } from '../../../support/connection-pieces.js';

const FLIGHT = { text: 'select * from "fault_rules" where "client_id" = $1', values: ['client'] };

/** The piece over a `next` recording the texts it is given; the flight statement's answer is `flightAnswer`. */
function fakeClient(flightAnswer: Promise<Answer> = Promise.resolve(answer('SELECT', [{ rule: 1 }]))) {
  const sent: string[] = [];
  const send = pieceOver(requestFlights, ({ text }) => {
    sent.push(text);
    return text === FLIGHT.text ? flightAnswer : Promise.resolve(answer(text));
  });
  return { sent, client: { query: (text: string, values: unknown[] = []) => send({ text, values }) } };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const open = (): GateDecision => ({ open: true });
const closed = (): GateDecision => ({ open: false, reason: new Error('a rule considers it') });
const neverAlone = () => Promise.reject(new Error('sent alone'));

describe('runInFlight and requestFlights', () => {
  it('sends the flight statement right before the first data statement, once', async () => {
    const { sent, client } = fakeClient();
    const { flight, outcome } = await runInFlight(FLIGHT, open, neverAlone, async () => {
      await client.query('begin');
      const first = client.query('select 1', []);
      expect(sent).toEqual(['begin', FLIGHT.text, 'select 1']);
      await first;
      await client.query('select 2', []);
      await client.query('commit');
      return 'done';
    });
    expect(sent).toEqual(['begin', FLIGHT.text, 'select 1', 'select 2', 'commit']);
    expect(outcome).toEqual({ status: 'fulfilled', value: 'done' });
    expect(await flight.rows).toEqual([{ rule: 1 }]);
    expect(await flight.gate).toEqual({ open: true });
  });

  it('holds a commit until the gate opens', async () => {
    const reply = deferred<Answer>();
    const { sent, client } = fakeClient(reply.promise);
    const run = runInFlight(FLIGHT, open, neverAlone, async () => {
      await client.query('begin');
      await client.query('insert into "t" values ($1)', [1]);
      const committed = client.query('commit');
      await Promise.resolve();
      expect(sent).not.toContain('commit');
      reply.resolve(answer('SELECT'));
      await committed;
      expect(sent.at(-1)).toBe('commit');
    });
    expect((await run).outcome.status).toBe('fulfilled');
  });

  it('refuses the commit unsent when the gate closes, with its reason', async () => {
    const { sent, client } = fakeClient();
    const { flight, outcome } = await runInFlight(FLIGHT, closed, neverAlone, async () => {
      await client.query('begin');
      await client.query('insert into "t" values ($1)', [1]);
      await client.query('commit');
    });
    expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'a rule considers it' } });
    expect(sent).toEqual(['begin', FLIGHT.text, 'insert into "t" values ($1)']);
    expect(await flight.gate).toMatchObject({ open: false });
  });

  it('holds a write outside a transaction until the gate is decided, but not a read', async () => {
    const reply = deferred<Answer>();
    const { sent, client } = fakeClient(reply.promise);
    const run = runInFlight(FLIGHT, closed, neverAlone, async () => {
      const read = client.query('select 1', []);
      const write = client.query('update "t" set "a" = $1', [1]);
      const readWithUpdateWord = client.query('with "x" as (update "t" set "a" = 1) select 1', []);
      expect(sent).toEqual([FLIGHT.text, 'select 1']);
      reply.resolve(answer('SELECT'));
      await read;
      await expect(write).rejects.toThrow('a rule considers it');
      await expect(readWithUpdateWord).rejects.toThrow('a rule considers it');
    });
    expect((await run).outcome.status).toBe('fulfilled');
    expect(sent).toEqual([FLIGHT.text, 'select 1']);
  });

  it('sends the statement with a first statement that is not a data statement, which then waits for the gate', async () => {
    const { sent, client } = fakeClient();
    const { outcome } = await runInFlight(FLIGHT, open, neverAlone, async () => {
      await client.query('lock table "t"', []);
    });
    expect(outcome.status).toBe('fulfilled');
    expect(sent).toEqual([FLIGHT.text, 'lock table "t"']);
  });

  it('takes start transaction for a begin: its commit waits for the gate', async () => {
    const { sent, client } = fakeClient();
    const { outcome } = await runInFlight(FLIGHT, closed, neverAlone, async () => {
      await client.query('start transaction isolation level serializable', []);
      await client.query('select 1', []);
      await client.query('commit', []);
    });
    expect(outcome.status).toBe('rejected');
    expect(sent).toEqual(['start transaction isolation level serializable', FLIGHT.text, 'select 1']);
  });

  it('sends the statement before the commit of a transaction that sent nothing else', async () => {
    const { sent, client } = fakeClient();
    const { outcome } = await runInFlight(FLIGHT, open, neverAlone, async () => {
      await client.query('begin', []);
      await client.query('commit', []);
    });
    expect(outcome.status).toBe('fulfilled');
    expect(sent).toEqual(['begin', FLIGHT.text, 'commit']);
  });

  it('sends the statement alone when the work sent none, and decides from its rows', async () => {
    const { sent } = fakeClient();
    const { flight, outcome } = await runInFlight(
      FLIGHT,
      (rows) => (rows.length === 0 ? open() : closed()),
      () => Promise.resolve([]),
      async () => 'no statement',
    );
    expect(sent).toEqual([]);
    expect(outcome).toEqual({ status: 'fulfilled', value: 'no statement' });
    expect(await flight.gate).toEqual({ open: true });
  });

  it('closes the gate with the error of a failed flight statement', async () => {
    const { client } = fakeClient(Promise.reject(new Error('connection lost')));
    const { flight, outcome } = await runInFlight(FLIGHT, open, neverAlone, async () => {
      await client.query('select 1', []);
      await client.query('insert into "t" values ($1)', [1]);
    });
    expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'connection lost' } });
    expect(await flight.gate).toMatchObject({ open: false, reason: { message: 'connection lost' } });
  });

  it('closes the gate with the error of a decision that throws', async () => {
    const { sent, client } = fakeClient();
    const { flight, outcome } = await runInFlight(
      FLIGHT,
      () => {
        throw new Error('a rule that cannot be read');
      },
      neverAlone,
      async () => {
        await client.query('begin', []);
        await client.query('select 1', []);
        await client.query('commit', []);
      },
    );
    expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'a rule that cannot be read' } });
    expect(await flight.gate).toMatchObject({ open: false });
    expect(sent).not.toContain('commit');
  });

  it('passes statements outside a flight, or after it, unchanged', async () => {
    const { sent, client } = fakeClient();
    await runInFlight(
      FLIGHT,
      closed,
      () => Promise.resolve([]),
      async () => {},
    );
    await client.query('insert into "t" values ($1)', [1]);
    await client.query('begin');
    await client.query('select 1', []);
    await client.query('commit');
    expect(sent).toEqual(['insert into "t" values ($1)', 'begin', 'select 1', 'commit']);
  });
});
