/**
 * The `svc-sandbox` command: serves the sandbox, or manages its clients.
 */
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  drainDelayOption,
  LOG_FORMAT_VARIABLE,
  listOption,
  logFormatOption,
  PORT_OPTION_VARIABLE,
  parseCommandLine,
  setDocumentationBase,
  stopOnSignal,
  UsageError,
} from '@svc/server-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import { addClient, listClients } from './engine/clients/clients.js';
import { parseStartTime, systemClock } from './engine/clock.js';
import { ADMIN_KEY_VARIABLE } from './engine/http/admin-key.js';
import { parseRateLimit, parseRateLimitScope } from './engine/http/rate-limit.js';
import type { Logger } from './engine/logger.js';
import { openStore, type StoreLocation } from './engine/store/open-store.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';
import { seedIfEmpty } from './seed.js';
import { DEFAULT_DATA_DIR, startSandbox } from './start-sandbox.js';

/** The credential header names, as the spec declares them. */
const { clientId: CLIENT_ID, secret: SECRET } = HEADER_NAMES;
const USAGE = `usage: svc-sandbox [--port 4020] [--host 127.0.0.1] [--data-dir DIR | --memory | --database-url URL]
                   [--reset] [--rate-limit N|N/Ss|off] [--rate-limit-scope instance|shared]
                   [--start-time TIME] [--quiet] [--log-format json|pretty] [--docs-url URL]
                   [--allowed-origins ORIGINS] [--allowed-hosts HOSTS] [--drain-delay MS]
       svc-sandbox clients add --name NAME [--platform] [--data-dir DIR | --database-url URL]
       svc-sandbox clients list [--data-dir DIR | --database-url URL]

Serves a stateful sandbox of the SVC API on http://<host>:<port>, with GET /healthz (the process
serves), GET /readyz (200 when the database answers and every migration is applied, else 503) and
the OpenAPI document it implements at /openapi.json and /openapi.yaml.
  --port <n>            TCP port (default 4020; 0 picks a free one)
  --host <addr>         interface to bind (default 127.0.0.1, this machine only)
  --data-dir <dir>      SQLite database in this directory (default ${DEFAULT_DATA_DIR}/)
  --memory              keep everything in memory (gone when the process stops)
  --database-url <url>  PostgreSQL (postgres://user:password@host:5432/db), shared by every instance
  --reset               delete all sandbox data first and seed the canonical world again;
                        clients added with \`clients add\` are kept, with their credentials
                        (what they created goes, their test clock starts again)
  --rate-limit <limit>  per-client limit: N per second, N/Ss per S seconds, or off
                        (default 1000 per second)
  --rate-limit-scope <scope>
                        instance (default): each instance limits on its own; shared: every
                        instance on the same database draws from one budget per client and window
  --start-time <time>   the sandbox's time when it starts, then running at the machine's pace:
                        a date-time with its offset (2026-11-20T14:00:00Z) or a date (midnight
                        UTC). For test suites that must get the same answers on any day; every
                        client's test clock adds its offset to it. Default: the machine's time
  --quiet               no log line per request
  --log-format <format> json (JSON lines) or pretty (readable, coloured on a terminal); default:
                        ${LOG_FORMAT_VARIABLE}, else pretty on a terminal and json otherwise
  --docs-url <url>      documentation_url of errors points at this served HTML reference
                        (<url>#section/<error_type>; npm start passes its docs), not the hosted docs
  --allowed-origins <l> web pages that may call the sandbox from a browser, comma-separated
                        (http://localhost:3000; :* for any port; * for any page). Default: a page
                        on localhost, 127.0.0.1 or [::1], any port, and a page opened from a file
                        (Origin null: the HTML reference from disk). Other pages are refused.
  --allowed-hosts <l>   more Host names to answer, comma-separated (* for any). Bound to
                        127.0.0.1, the sandbox answers only localhost, 127.0.0.1 and [::1]
  --drain-delay <ms>    on SIGTERM/SIGINT, /readyz answers 503 at once and requests are still
                        served for this long before the sandbox stops accepting connections
                        (default 0; behind a load balancer: its health-check interval times its
                        unhealthy threshold, plus a margin)
  --admin-key <key>     the key of the admin operations (/sandbox/client/create and /delete),
                        sent as the SVC-Sandbox-Admin-Key header; default: SVC_SANDBOX_ADMIN_KEY,
                        else a new random key, printed in the start banner
  -h, --help            show this help`;

/** Where the sandbox's README is. */
export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));

/** Runs the command line; resolves when the server stopped after SIGINT or SIGTERM. */
export async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(
    'svc-sandbox',
    argv,
    {
      port: { type: 'string', default: '4020' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean', default: false },
      'database-url': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      'rate-limit-scope': { type: 'string' },
      'start-time': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      'log-format': { type: 'string' },
      'docs-url': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'drain-delay': { type: 'string' },
      'admin-key': { type: 'string' },
      name: { type: 'string' },
      platform: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    true,
  );
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const store = storeLocation(values);
  if (positionals[0] === 'clients') {
    await clientsCommand(positionals[1], store, values);
    return;
  }
  if (positionals.length > 0) {
    throw new Error(`unknown command "${positionals.join(' ')}"\n${USAGE}`);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  setDocumentationBase(values['docs-url']);
  const allowedOrigins =
    values['allowed-origins'] === undefined ? undefined : listOption('--allowed-origins', values['allowed-origins']);
  const allowedHosts =
    values['allowed-hosts'] === undefined ? undefined : listOption('--allowed-hosts', values['allowed-hosts']);
  const drainDelayMs = drainDelayOption(values['drain-delay']);
  const startTime = values['start-time'] === undefined ? undefined : startTimeOption(values['start-time']);
  const format = logFormatOption(values['log-format']);
  let logger: Logger = createLogger({ format });
  if (values.quiet) {
    const errors = createLogger({ stream: process.stderr, format });
    logger = (entry) => {
      if (entry.event !== 'request') {
        errors(entry);
      }
    };
  }
  const started = performance.now();
  const sandbox = await startSandbox({
    port,
    host: values.host,
    store,
    reset: values.reset,
    rateLimit: values['rate-limit'] === undefined ? undefined : (parseRateLimit(values['rate-limit']) ?? null),
    rateLimitScope:
      values['rate-limit-scope'] === undefined ? undefined : parseRateLimitScope(values['rate-limit-scope']),
    logger,
    logRequests: !values.quiet,
    portOption: process.env[PORT_OPTION_VARIABLE],
    allowedOrigins,
    allowedHosts,
    drainDelayMs,
    startTime,
    adminKey: values['admin-key'] ?? (process.env[ADMIN_KEY_VARIABLE] || undefined),
  });
  const lines = [
    `SVC API sandbox listening on ${sandbox.url} (started in ${Math.round(performance.now() - started)} ms)`,
    `  serves    ${sandbox.operationCount} operations with state, on ${sandbox.store.engine}`,
    `  data      ${sandbox.store.description}${resetNote(sandbox.addedClientsKept)}`,
    ...(startTime ? [`  time      started at ${startTime.toISOString()} (--start-time), running from there`] : []),
    `  client    ${CLIENT_ID} ${DEFAULT_CLIENT.clientId}  ${SECRET} ${DEFAULT_CLIENT.secret}`,
    `            webhook signing secret ${DEFAULT_CLIENT.webhookSecret}`,
    `  demo      ${CLIENT_ID} ${DEMO_CLIENT.clientId}  ${SECRET} ${DEMO_CLIENT.secret} (sees none of the default client's data)`,
    `  admin     ${HEADER_NAMES.sandboxAdminKey} ${sandbox.adminKey}   (/sandbox/client/create and /delete: throwaway clients)`,
    `  health    ${sandbox.url}/healthz   ready ${sandbox.url}/readyz   spec ${sandbox.url}/openapi.json (and .yaml)`,
    `  inspect   ${sandbox.inspectorUrl}   requests, webhooks, events and Items of a client (sign in with its id and secret)`,
    `  docs      ${README_PATH}`,
    'For the samples in the READMEs and the docs, in your shell:',
    `  export SVC_BASE_URL=${sandbox.url} SVC_CLIENT_ID=${DEFAULT_CLIENT.clientId} SVC_SECRET=${DEFAULT_CLIENT.secret} SVC_WEBHOOK_SECRET=${DEFAULT_CLIENT.webhookSecret}`,
    `Try: curl -s ${sandbox.url}/sandbox/public_token/create -H 'Content-Type: application/json' \\`,
    `       -H '${CLIENT_ID}: ${DEFAULT_CLIENT.clientId}' -H '${SECRET}: ${DEFAULT_CLIENT.secret}' \\`,
    `       -d '{"institution_id":"ins_109508","initial_products":["auth"]}'`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await stopOnSignal('stopping the sandbox (finishing requests under way)', () => sandbox.stop());
}

/** `--start-time`, or a usage error (exit code 2) naming what it takes. */
function startTimeOption(value: string): Date {
  try {
    return parseStartTime(value);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** What the data line adds after a reset: ` (reset; 2 added clients kept)`; nothing without one. */
function resetNote(addedClientsKept: number | undefined): string {
  if (addedClientsKept === undefined) {
    return '';
  }
  return ` (reset; ${addedClientsKept} added client${addedClientsKept === 1 ? '' : 's'} kept)`;
}

function storeLocation(values: { 'data-dir'?: string; memory?: boolean; 'database-url'?: string }): StoreLocation {
  const chosen = [values['data-dir'] !== undefined, values.memory === true, values['database-url'] !== undefined];
  if (chosen.filter(Boolean).length > 1) {
    throw new Error('choose one of --data-dir, --memory and --database-url');
  }
  if (values['database-url'] !== undefined) {
    const url = values['database-url'];
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('--database-url must be a PostgreSQL URL: postgres://user:password@host:5432/database');
    }
    return { kind: 'postgres', url };
  }
  if (values.memory) {
    return { kind: 'memory' };
  }
  return { kind: 'sqlite', dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR };
}

async function clientsCommand(
  action: string | undefined,
  location: StoreLocation,
  values: { name?: string; platform?: boolean },
): Promise<void> {
  if (location.kind === 'memory') {
    throw new Error('clients live in a store: use --data-dir or --database-url, not --memory');
  }
  if (action !== 'add' && action !== 'list') {
    throw new Error(`svc-sandbox clients needs "add" or "list"\n${USAGE}`);
  }
  const store = await openStore(location);
  try {
    await seedIfEmpty(store, systemClock.now());
    if (action === 'list') {
      for (const client of await listClients(store)) {
        process.stdout.write(`${client.client_id}  ${client.bank_transfer_config.padEnd(12)}  ${client.name}\n`);
      }
      return;
    }
    if (!values.name?.trim()) {
      throw new Error('svc-sandbox clients add needs --name NAME');
    }
    const client = await addClient(
      store,
      values.name.trim(),
      systemClock.now(),
      values.platform ? 'platform' : 'full_service',
    );
    process.stdout.write(
      [
        `Added client "${client.name}" to ${store.description}.`,
        `  ${CLIENT_ID}   ${client.clientId}`,
        `  ${SECRET.padEnd(CLIENT_ID.length)}   ${client.secret}`,
        `  webhook secret  ${client.webhookSecret}`,
        'The secret is shown once: only its hash is stored. Keep it now.',
        '',
      ].join('\n'),
    );
  } finally {
    await store.close();
  }
}
