#!/usr/bin/env node
// The benchmarks' baseline: a bare node:http server answering fixed JSON bodies (its usage, below,
// says more).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { exitWithUsageError, readCommandLine } from '../../../tools/dev/command-line.mjs';
import { createBareListener } from './bare-listener.mjs';

const { positionals } = readCommandLine({
  command: 'bare-server.mjs',
  usage: `usage: node scripts/bare-server.mjs <file> | <path>=<file>...   (the benchmarks' baseline, spawned by them)

A bare node:http server on 127.0.0.1 (a free port) that reads and JSON-parses each request body,
then answers 200 with a JSON body read from a file (the mock's answer to the same request): with
one <file>, that body on every path; with <path>=<file> pairs, the body of the request's path
(404 on another). Prints \`listening on <url>\`; stops on SIGTERM.
  -h, --help   show this help`,
  positionals: true,
});
if (positionals.length === 0 || (positionals.length > 1 && !positionals.every((argument) => argument.includes('=')))) {
  exitWithUsageError(
    'bare-server.mjs',
    'give one <file>, the JSON body to answer, or <path>=<file> pairs',
    'node scripts/bare-server.mjs --help says more',
  );
}

const read = (file) => Buffer.from(readFileSync(file, 'utf8'));
const single = positionals.length === 1 && !positionals[0].includes('=') ? read(positionals[0]) : undefined;
const byPath = new Map(
  single
    ? []
    : positionals.map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at), read(pair.slice(at + 1))];
      }),
);
const server = createServer(createBareListener((url) => single ?? byPath.get(url)));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
