#!/usr/bin/env node
// The benchmark's baseline: a bare node:http server on 127.0.0.1 that reads and JSON-parses the
// request body, then answers 200 with a fixed JSON body (the mock's answer to the same request).
// Usage: node bare-server.mjs <file with the JSON body>; prints `listening on <url>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const payload = Buffer.from(readFileSync(process.argv[2] ?? '', 'utf8'));
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
