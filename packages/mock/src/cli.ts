import { parseArgs } from 'node:util';
import { startMock } from './start-mock.js';

const USAGE = `usage: svc-mock [--port 4010] [--host 127.0.0.1] [--dynamic]

Serves the SVC API mock (Prism, request validation on) on http://<host>:<port>.
  --port <n>     TCP port (default 4010; 0 picks a free one)
  --host <addr>  interface to bind (default 127.0.0.1)
  --dynamic      generate responses from the schemas instead of the static examples`;

/** Runs the `svc-mock` command line. Returns when the server has stopped. */
export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      dynamic: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  }
  const mock = await startMock({ port, host: values.host, dynamic: values.dynamic });
  process.stdout.write(`SVC API mock listening on ${mock.url}\n`);
  process.stdout.write(`Try: curl -s -X POST ${mock.url}/item/remove -H 'Content-Type: application/json' \\\n`);
  process.stdout.write(
    `  -H 'SVC-CLIENT-ID: 62b4f1c9a7d3e5001a2b3c4d' -H 'SVC-SECRET: 7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e' \\\n`,
  );
  process.stdout.write(`  -d '{"access_token":"access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6"}'\n`);
  process.stdout.write('Press Ctrl+C to stop.\n');
  await new Promise<void>((resolve) => {
    const shutdown = () => {
      void mock.stop().then(resolve);
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  });
}
