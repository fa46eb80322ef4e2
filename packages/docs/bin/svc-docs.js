#!/usr/bin/env node
// svc-docs build: writes dist/index.html. svc-docs serve [--port N]: serves it on 127.0.0.1.
// A mistake in the options exits with code 2 and one line; another failure with code 1 and one
// line. The command line is read, and --help answered, before the builder is imported: it needs
// @svc/spec and @svc/openapi-kit built.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { readCommandLine } from '../../../tools/dev/command-line.mjs';

const HELP = '  -h, --help     show this help';

/** Each command with its usage. */
const COMMANDS = {
  build: `usage: svc-docs build

Writes the API reference to dist/index.html (one self-contained page), with the bundled spec
next to it (openapi.yaml, openapi.json).
${HELP}`,
  serve: `usage: svc-docs serve [--port <n>] [--local-sandbox <url>]

Serves the built page on http://127.0.0.1:<port>/ with the bundled spec at /openapi.yaml and
/openapi.json (svc-docs build, or pnpm run docs at the root, builds it).
  --port <n>     port (default 0: a free one)
  --local-sandbox <url>
                 serve with the samples calling this running sandbox (npm start passes its own)
${HELP}`,
};

const USAGE = `usage: svc-docs build | svc-docs serve [--port <n>] [--local-sandbox <url>]

  build          writes the API reference to dist/index.html (one self-contained page)
  serve          serves it on http://127.0.0.1:<port>/ with the bundled spec at /openapi.yaml and /openapi.json
  --port <n>     port for serve (default 0: a free one)
  --local-sandbox <url>
                 serve with the samples calling this running sandbox (npm start passes its own)
${HELP} (svc-docs <command> --help: that command's)`;

const { positionals, values } = readCommandLine({
  command: 'svc-docs',
  usage: USAGE,
  commands: COMMANDS,
  options: { port: { type: 'string' }, 'local-sandbox': { type: 'string' } },
});
if (positionals.length > 1) {
  process.stderr.write(
    `svc-docs: unexpected argument "${positionals[1]}" (svc-docs ${positionals[0]} --help says more)\n`,
  );
  process.exit(2);
}

try {
  const { buildDocs, htmlPath } = await import('../src/build-docs.js');
  const where = relative(process.cwd(), htmlPath) || htmlPath;
  if (positionals[0] === 'build') {
    const result = buildDocs();
    const replaced = [...result.replaced.keys()].join(', ') || 'none';
    process.stdout.write(
      `built ${where}: ${(result.htmlBytes / 1024).toFixed(0)} KiB, ${result.operations} operations with code samples, ` +
        `${(result.milliseconds / 1000).toFixed(2)} s\nremote resources replaced by data:, ${replaced}\n`,
    );
  } else {
    const port = Number(values.port ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`--port must be an integer from 0 to 65535, got ${values.port}`);
    }
    if (!existsSync(htmlPath)) {
      throw new Error(`${where} does not exist: run \`pnpm run docs\` at the repository root first`);
    }
    const { serveDocs } = await import('../src/serve.js');
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
  }
} catch (error) {
  process.stderr.write(`svc-docs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
