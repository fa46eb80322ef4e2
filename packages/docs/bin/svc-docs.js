#!/usr/bin/env node
// svc-docs build: writes dist/index.html. svc-docs serve [--port N]: serves it on 127.0.0.1.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDocs, htmlPath } from '../src/build-docs.js';
import { serveDocs } from '../src/serve.js';

const usage = 'usage: svc-docs build | svc-docs serve [--port <n>]';
const { positionals, values } = parseArgs({ allowPositionals: true, options: { port: { type: 'string' } } });
const where = relative(process.cwd(), htmlPath) || htmlPath;

try {
  if (positionals[0] === 'build' && positionals.length === 1) {
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
    const server = await serveDocs(htmlPath, port);
    process.stdout.write(`serving ${where} on ${server.url} (Ctrl+C stops)\n`);
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => server.close().then(() => process.exit(0)));
    }
  } else {
    process.stderr.write(`${usage}\n`);
    process.exit(2);
  }
} catch (error) {
  process.stderr.write(`svc-docs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
