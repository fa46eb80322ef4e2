// The request listener of the benchmarks' baseline (bare-server.mjs, bench-in-process.mjs): what a
// bare node:http server does for a request of the mock's, and nothing more.

/**
 * A `node:http` request listener that reads and JSON-parses the request body, then answers 200
 * with the JSON bytes `payloadOf(url)` gives for the request's path (404 when it gives none).
 */
export function createBareListener(payloadOf) {
  return (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const payload = payloadOf(req.url ?? '');
      if (payload === undefined) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
      res.end(payload);
    });
  };
}
