#!/usr/bin/env node
// svc-codegen spec|client|server|errors|headers --out <dir>: writes generated sources (see USAGE).
// The command line is read, and `--help` answered, before the generators are imported: they need
// @svc/openapi-kit built.
import { resolve } from 'node:path';
import { readCommandLine } from '../../dev/command-line.mjs';

const OUT = '  --out <directory>   where to write the files (created if missing)\n  -h, --help          show this help';

/** Each target with its usage. */
const COMMANDS = {
  spec: `usage: svc-codegen spec --spec <openapi.json> --out <directory>

Writes the generated sources of @svc/spec from the bundled document given with --spec: the API's
types (types.gen.ts), the header names (headers.gen.ts) and the example credentials (examples.gen.ts).
  --spec <file>       the bundled OpenAPI document (JSON)
${OUT}`,
  client: `usage: svc-codegen client --out <directory>

Writes the generated sources of @svc/client from @svc/spec's bundled document: environments,
the operation table (retry policy, paging), webhook checks, error types and header names.
${OUT}`,
  server: `usage: svc-codegen server --out <directory>

Writes the handler types of @svc/sandbox (handlers.gen.ts) from @svc/spec's bundled document.
${OUT}`,
  errors: `usage: svc-codegen errors --out <directory>

Writes the error catalogue of @svc/server-kit (error-catalogue.gen.ts) from the spec's x-error-catalogue.
${OUT}`,
  headers: `usage: svc-codegen headers --out <directory>

Writes the header names of @svc/server-kit (headers.gen.ts) from @svc/spec's bundled document.
${OUT}`,
};

const USAGE = `usage: svc-codegen <command> [options]

Writes the generated sources of the workspace packages from the spec. Commands:
  spec --spec <openapi.json> --out <dir>   @svc/spec: the API's types, header names, example credentials
  client --out <dir>                       @svc/client: environments, operation table, webhook checks, error types, header names
  server --out <dir>                       @svc/sandbox: handler types
  errors --out <dir>                       @svc/server-kit: the error catalogue
  headers --out <dir>                      @svc/server-kit: the header names
  -h, --help                               show this help (svc-codegen <command> --help: that command's)`;

const { positionals, values } = readCommandLine({
  command: 'svc-codegen',
  usage: USAGE,
  commands: COMMANDS,
  options: { out: { type: 'string' }, spec: { type: 'string' } },
});
const [target = '', ...extra] = positionals;
/** @param {string} message @returns {never} */
const refuse = (message) => {
  process.stderr.write(`svc-codegen: ${message} (svc-codegen ${target} --help says more)\n`);
  process.exit(2);
};
if (extra.length > 0) {
  refuse(`unexpected argument "${extra[0]}"`);
}
if (values.out === undefined) {
  refuse('--out <directory> is required');
}
if ((target === 'spec') !== (values.spec !== undefined)) {
  refuse(target === 'spec' ? '--spec <openapi.json> is required' : '--spec is for svc-codegen spec only');
}
try {
  const { generateClient, generateErrors, generateHeaders, generateServer, generateSpecTypes } = await import(
    './index.js'
  );
  /** @type {Record<string, (outDir: string) => Promise<string[]>>} */
  const generators = {
    spec: (outDir) => generateSpecTypes(outDir, resolve(String(values.spec))),
    client: generateClient,
    server: generateServer,
    errors: generateErrors,
    headers: generateHeaders,
  };
  const written = await /** @type {(outDir: string) => Promise<string[]>} */ (generators[target])(resolve(values.out));
  process.stdout.write(`generated ${written.length} files: ${written.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`svc-codegen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
