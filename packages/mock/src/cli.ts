import { fileURLToPath } from 'node:url';
import {
  createLogger,
  drainDelayOption,
  LOG_FORMAT_VARIABLE,
  type Logger,
  listOption,
  logFormatOption,
  PORT_OPTION_VARIABLE,
  parseCommandLine,
  setDocumentationBase,
  stopOnSignal,
} from '@svc/server-kit';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { HEADER_NAMES } from '@svc/spec/headers';
import type { MockAccessEntry } from './mock/mock-listener.js';
import { startMock } from './mock/start-mock.js';

const USAGE = `usage: svc-mock [--port 4010] [--host 127.0.0.1] [--dynamic] [--quiet] [--log-format json|pretty]
                [--docs-url URL] [--allowed-origins ORIGINS] [--allowed-hosts HOSTS] [--drain-delay MS]

Serves the SVC API mock on http://<host>:<port>: Prism's engine behind the API's own edges,
with GET /healthz, GET /readyz (200 once listening, 503 from the start of a stop) and the
OpenAPI document it serves at /openapi.json and /openapi.yaml.
  --port <n>             TCP port (default 4010; 0 picks a free one)
  --host <addr>          interface to bind (default 127.0.0.1, this machine only)
  --dynamic              generate responses from the schemas instead of serving the static examples
  --quiet                do not log a line per request
  --log-format <format>  json (JSON lines) or pretty (readable, coloured on a terminal); default:
                         ${LOG_FORMAT_VARIABLE}, else pretty on a terminal and json otherwise
  --docs-url <url>       documentation_url of errors points at this served HTML reference
                         (<url>#section/<error_type>; npm start passes its docs), not the hosted docs
  --allowed-origins <l>  web pages that may call the mock, comma-separated (http://localhost:3000;
                         :* for any port). Default: * (any page: the mock has no data to protect)
  --allowed-hosts <l>    more Host names to answer, comma-separated (* for any). Bound to
                         127.0.0.1, the mock answers only localhost, 127.0.0.1 and [::1]
  --drain-delay <ms>     on SIGTERM/SIGINT, /readyz answers 503 at once and requests are still
                         served for this long before the mock stops accepting connections
                         (default 0; behind a load balancer: its health-check interval times its
                         unhealthy threshold, plus a margin)
  -h, --help             show this help`;

/** Where a frontend developer reads on: the README and the table of forcible responses. */
export const DOCS = {
  readme: fileURLToPath(new URL('../README.md', import.meta.url)),
  responses: fileURLToPath(new URL('../src/generated/responses.md', import.meta.url)),
};

/**
 * One access-log line: `200 POST /item/remove 1.2 ms`. The query string is never printed (its
 * values may be secrets): a request with one shows `?…` after the path.
 */
export function formatAccessEntry(entry: MockAccessEntry): string {
  const queryAt = entry.url.search(/[?#]/);
  const path = queryAt === -1 ? entry.url : `${entry.url.slice(0, queryAt)}${entry.url[queryAt] === '?' ? '?…' : ''}`;
  return `${entry.status} ${entry.method} ${path} ${entry.durationMs.toFixed(1)} ms`;
}

/** Runs the `svc-mock` command line. Returns when the server has stopped after SIGINT or SIGTERM. */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseCommandLine('svc-mock', argv, {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    dynamic: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    'log-format': { type: 'string' },
    'docs-url': { type: 'string' },
    'allowed-origins': { type: 'string' },
    'allowed-hosts': { type: 'string' },
    'drain-delay': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  setDocumentationBase(values['docs-url']);
  const drainDelayMs = drainDelayOption(values['drain-delay']);
  const logger: Logger | undefined = values.quiet
    ? undefined
    : createLogger({ format: logFormatOption(values['log-format']) });
  const started = performance.now();
  const mock = await startMock({
    port,
    host: values.host,
    dynamic: values.dynamic,
    logger,
    portOption: process.env[PORT_OPTION_VARIABLE],
    allowedOrigins:
      values['allowed-origins'] === undefined ? undefined : listOption('--allowed-origins', values['allowed-origins']),
    allowedHosts:
      values['allowed-hosts'] === undefined ? undefined : listOption('--allowed-hosts', values['allowed-hosts']),
    drainDelayMs,
  });
  const lines = [
    `SVC API mock listening on ${mock.url} (started in ${Math.round(performance.now() - started)} ms)`,
    `  serves   ${mock.operationCount} operations of ${mock.specPath}`,
    `           with Prism's HTTP engine ${mock.prismHttpVersion}, ${values.dynamic ? 'generated responses' : 'static examples'}`,
    `  health   ${mock.url}/healthz   ready ${mock.url}/readyz   spec ${mock.url}/openapi.json (and .yaml)`,
    `  docs     ${DOCS.readme}`,
    `  errors   force one per request with Prefer: example=<name> or code=<status>; names in ${DOCS.responses}`,
    `Try: curl -s ${mock.url}/item/remove -H 'Content-Type: application/json' \\`,
    `       -H '${HEADER_NAMES.clientId}: ${EXAMPLE_CREDENTIALS.clientId}' -H '${HEADER_NAMES.secret}: ${EXAMPLE_CREDENTIALS.secret}' \\`,
    `       -d '{"access_token":"access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"}'`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await stopOnSignal('stopping the mock', () => mock.stop());
}
