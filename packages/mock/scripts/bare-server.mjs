#!/usr/bin/env node
// The benchmarks' baseline: a bare node:http server answering a fixed JSON body (its usage, below,
// says more).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { exitWithUsageError, readCommandLine } from '../../../tools/dev/command-line.mjs';

const { positionals } = readCommandLine({
  command: 'bare-server.mjs',
  usage: `usage: node scripts/bare-server.mjs <file>   (the benchmarks' baseline, spawned by them)

A bare node:http server on 127.0.0.1 (a free port) that reads and JSON-parses each request body,
then answers 200 with the JSON body of <file> (the mock's answer to the same request). Prints
\`listening on <url>\`; stops on SIGTERM.
  -h, --help   show this help`,
  positionals: true,
});
if (positionals.length !== 1) {
  exitWithUsageError(
    'bare-server.mjs',
    'give one <file>, the JSON body to answer',
    'node scripts/bare-server.mjs --help says more',
  );
}

const payload = Buffer.from(readFileSync(positionals[0], 'utf8'));
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
    res.end(payload);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
