// Loaded into a sandbox process of the load benchmark with `node --import` (PostgreSQL targets
// only): counts what the process sends to PostgreSQL, so the benchmark can print statements and
// round trips per request type, the time of the event counter's increment (its lock wait under
// load) and the process's own CPU time. It patches `pg.Client.prototype.query`, through which
// every statement goes (node-postgres sends one statement per round trip: no pipelining), and
// answers the benchmark over the IPC channel: `{ probe: 'read' }` gets the totals so far.
// Plain JS: a preload of a child process, outside the package's build. No change of behaviour:
// the original query runs with the same arguments and its result is returned as it is.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');

const totals = {
  /** Calls of `query`: one round trip each. */
  roundTrips: 0,
  begins: 0,
  commits: 0,
  rollbacks: 0,
  /** Increments of an event counter row (`insert into "counters" … on conflict … do update`). */
  counterIncrements: 0,
  /** Their summed time from sending to the result (µs): the round trip plus any wait for the row lock. */
  counterMicros: 0,
  /** Every other data statement, timed the same way, for comparison. */
  otherStatements: 0,
  otherMicros: 0,
};

const CONTROL = /^\s*(begin|commit|rollback)\b/i;
const COUNTER = /^\s*insert\s+into\s+"counters"/i;

const original = pg.Client.prototype.query;
pg.Client.prototype.query = function probedQuery(...args) {
  const [first] = args;
  const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
  totals.roundTrips++;
  const control = CONTROL.exec(text)?.[1]?.toLowerCase();
  if (control) {
    totals[`${control}s`]++;
  }
  const result = original.apply(this, args);
  if (!control && result && typeof result.then === 'function') {
    const started = process.hrtime.bigint();
    const isCounter = COUNTER.test(text);
    const record = () => {
      const micros = Number(process.hrtime.bigint() - started) / 1000;
      if (isCounter) {
        totals.counterIncrements++;
        totals.counterMicros += micros;
      } else {
        totals.otherStatements++;
        totals.otherMicros += micros;
      }
    };
    result.then(record, record);
  }
  return result;
};

process.on('message', (message) => {
  if (message?.probe === 'read') {
    const cpu = process.cpuUsage();
    process.send?.({ probe: 'totals', totals: { ...totals, cpuMicros: cpu.user + cpu.system } });
  }
});
// The channel must not keep the sandbox alive when it is told to stop.
process.channel?.unref();
