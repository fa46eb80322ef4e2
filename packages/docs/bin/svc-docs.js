#!/usr/bin/env node
// svc-docs build: writes dist/index.html. svc-docs serve [--port N]: serves it on 127.0.0.1.
// A mistake in the options exits with code 2 and one line; another failure with code 1 and one line.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDocs, htmlPath } from '../src/build-docs.js';
import { serveDocs } from '../src/serve.js';

const usage = 'usage: svc-docs build | svc-docs serve [--port <n>] [--local-sandbox <url>]';
const help = `${usage}

  build          writes the API reference to dist/index.html (one self-contained page)
  serve          serves it on http://127.0.0.1:<port>/ with the bundled spec at /openapi.yaml and /openapi.json
  --port <n>     port for serve (default 0: a free one)
  --local-sandbox <url>
                 serve with the samples calling this running sandbox (npm start passes its own)
  -h, --help     show this help`;

/** The command line, or exit 2 with one line naming the mistake. */
function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        'local-sandbox': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    const sentence = String(error instanceof Error ? error.message : error).split(/\.\s/)[0] ?? '';
    process.stderr.write(
      `svc-docs: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)} (svc-docs --help lists the options)\n`,
    );
    process.exit(2);
  }
}

const { positionals, values } = parseCommandLine();
const where = relative(process.cwd(), htmlPath) || htmlPath;

try {
  if (values.help) {
    process.stdout.write(`${help}\n`);
  } else if (positionals[0] === 'build' && positionals.length === 1) {
    const result = buildDocs();
    const replaced = [...result.replaced.keys()].join(', ') || 'none';
    process.stdout.write(
      `built ${where}: ${(result.htmlBytes / 1024).toFixed(0)} KiB, ${result.operations} operations with code samples, ` +
        `${(result.milliseconds / 1000).toFixed(2)} s\nremote resources replaced by data:, ${replaced}\n`,
    );
  } else if (positionals[0] === 'serve' && positionals.length === 1) {
    const port = Number(values.port ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`--port must be an integer from 0 to 65535, got ${values.port}`);
    }
    if (!existsSync(htmlPath)) {
      throw new Error(`${where} does not exist: run \`pnpm run docs\` at the repository root first`);
    }
    const localSandboxUrl = values['local-sandbox'];
    const server = await serveDocs(htmlPath, port, { localSandboxUrl });
    const samples = localSandboxUrl ? `; its samples call the sandbox at ${localSandboxUrl}` : '';
    process.stdout.write(`serving ${where} on ${server.url}${samples} (Ctrl+C stops)\n`);
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        if (!stopping) {
          stopping = true;
          process.stdout.write(`${signal}: stopping the docs server\n`);
          server.close().then(() => process.exit(0));
        }
      });
    }
  } else {
    process.stderr.write(`svc-docs: ${usage} (svc-docs --help says more)\n`);
    process.exit(2);
  }
} catch (error) {
  process.stderr.write(`svc-docs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
