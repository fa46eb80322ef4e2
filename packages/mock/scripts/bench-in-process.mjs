#!/usr/bin/env node
// CPU per request of the mock and of a bare node:http handler, in process, with no socket (its
// usage, below, says more).
import { spawn } from 'node:child_process';
import { createServer, Server } from 'node:http';
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';
import { createBareListener } from './bare-listener.mjs';

const DEFAULT_BIN = fileURLToPath(new URL('../bin/svc-mock.js', import.meta.url));
const { values } = readCommandLine({
  command: 'bench-in-process.mjs',
  usage: `usage: node scripts/bench-in-process.mjs [--bin <bin/svc-mock.js>]...   (after a build)

CPU µs per request of the mock and of a bare node:http handler, each in a process of its own, with
no socket: the server gets in-memory connections (a Duplex stream), so Node's HTTP parser, the
response head and everything above them run as over TCP, and nothing else does (no system call, no
load generator in the process). For a read (POST /auth/get) and a write (POST /transfer/create),
each with the spec's first request example, 10 connections each keep one request in flight;
after BENCH_WARMUP requests (default 20,000), BENCH_REQUESTS (default 50,000) are timed with
process.cpuUsage(). The bare handler JSON-parses the body and answers the very JSON the mock
answered. Each cell is measured BENCH_ROUNDS times (default 3), the servers taking turns; printed:
the median and the range. Any answer but 200 fails the benchmark.
  --bin <file>   a build of the mock (its bin/svc-mock.js; default this package's); repeated:
                 each build is measured (before/after in one run)
  --child <json> (internal) one measurement in this process
  -h, --help     show this help`,
  options: { bin: { type: 'string', multiple: true, default: [DEFAULT_BIN] }, child: { type: 'string' } },
});

const CONNECTIONS = 10;

if (values.child) {
  const job = JSON.parse(values.child);
  const result = await measure(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const { BENCH_HEADERS: headers, BENCH_KINDS: kinds } = await import('./bench-requests.mjs');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50_000);
const servers = [
  ...values.bin.map((bin, index) => ({ name: values.bin.length > 1 ? `mock ${index + 1}` : 'mock', bin })),
  { name: 'bare', bin: undefined },
];

function runChild(job) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`child exited ${code}`)),
    );
  });
}

const results = new Map();
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of kinds) {
    for (const server of servers) {
      const job = { bin: server.bin, kind, headers, warmup: WARMUP, requests: REQUESTS };
      const { micros } = await runChild(job);
      const key = `${kind.label}\t${server.name}`;
      results.set(key, [...(results.get(key) ?? []), micros]);
    }
  }
}
process.stdout.write(`Node ${process.version}, ${ROUNDS} rounds of ${REQUESTS} requests, ${CONNECTIONS} connections\n`);
process.stdout.write('request  server          CPU µs per request, median (range)\n');
for (const [key, list] of results) {
  const [kind, name] = key.split('\t');
  const sorted = [...list].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  process.stdout.write(
    `${kind.padEnd(9)}${name.padEnd(16)}${median.toFixed(1)} (${sorted[0].toFixed(1)}–${sorted.at(-1).toFixed(1)})\n`,
  );
}

/** One measurement: starts the server in this process, sends the requests, returns CPU µs per request. */
async function measure({ bin, kind, headers, warmup, requests }) {
  const head = `POST ${kind.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}Content-Length: ${Buffer.byteLength(kind.body)}\r\n\r\n`;
  const request = Buffer.from(head + kind.body);
  const server = bin ? await mockServer(bin) : undefined;
  const target = server ?? (await bareServer(await mockAnswer(request)));
  await run(target, request, warmup);
  const started = process.cpuUsage();
  await run(target, request, requests);
  const used = process.cpuUsage(started);
  return { micros: (used.user + used.system) / requests };
}

/** The mock of `bin` started on a free port; its node:http server (caught as it listens). */
async function mockServer(bin) {
  const { startMock } = await import(new URL('../dist/index.js', pathToFileURL(bin)).href);
  let caught;
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (...args) {
    caught = this;
    return listen.apply(this, args);
  };
  await startMock({ port: 0 });
  Server.prototype.listen = listen;
  return caught;
}

/** The mock's answer body to `request` (for the bare handler to answer). */
async function mockAnswer(request) {
  const bin = DEFAULT_BIN;
  const server = await mockServer(bin);
  const [body] = await exchange(server, request, 1);
  return body;
}

function bareServer(payload) {
  return createServer(createBareListener(() => payload));
}

/** Sends `count` requests over {@link CONNECTIONS} in-memory connections, one in flight on each. */
async function run(server, request, count) {
  let sent = 0;
  const connections = Array.from({ length: CONNECTIONS }, () =>
    exchange(server, request, undefined, () => sent++ < count),
  );
  await Promise.all(connections);
}

/**
 * One keep-alive connection to `server`: sends `request`, waits for its answer, and again while
 * `more()` (or `times` times); resolves with the bodies when `times` is given. The server's side is
 * a Duplex that takes strings as they are written (as a TCP socket does, with no Buffer made of
 * them); the client's side is this function, reading what the server writes.
 */
function exchange(server, request, times, more = () => times-- > 0) {
  const bodies = [];
  return new Promise((resolve, reject) => {
    // The answer being read: its head, then how many body bytes are still to come.
    let head = '';
    let remaining = -1;
    let body = [];
    const next = () => {
      if (more()) {
        socket.push(request);
      } else {
        socket.destroy();
        resolve(bodies);
      }
    };
    const receive = (chunk) => {
      if (remaining === -1) {
        head += typeof chunk === 'string' ? chunk : chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end === -1) {
          return;
        }
        if (!head.startsWith('HTTP/1.1 200')) {
          reject(new Error(`answered ${head}`));
          return;
        }
        remaining = Number(/\r\ncontent-length: *(\d+)/i.exec(head.slice(0, end))?.[1] ?? 0);
        chunk = head.slice(end + 4);
        head = '';
      }
      remaining -= typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (times !== undefined) {
        body.push(Buffer.from(chunk));
      }
      if (remaining <= 0) {
        remaining = -1;
        if (times !== undefined) {
          bodies.push(Buffer.concat(body));
          body = [];
        }
        // The next request comes in a callback of its own, as from a socket.
        setImmediate(next);
      }
    };
    const socket = new Duplex({
      decodeStrings: false,
      read() {},
      write(chunk, _encoding, callback) {
        callback();
        receive(chunk);
      },
      writev(chunks, callback) {
        callback();
        for (const { chunk } of chunks) {
          receive(chunk);
        }
      },
    });
    server.emit('connection', socket);
    next();
  });
}
