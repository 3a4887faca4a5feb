// The yardstick: a bare node:http server that answers each benchmarked path with the exact bytes
// the service returned for it, with no logic beyond one Map lookup. Run as a child process:
//   tsx bench/reference-server.ts <responses.json> [--same-headers]   (prints its port on stdout)
// With --same-headers it also sends the header fields the service sent for the path (the values
// recorded once, as a flat list, as the service passes them), so that what separates it from the
// service is the service's own work, not the contract's header fields in node:http.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface RecordedResponse {
  contentType: string;
  body: string; // base64
  /** The service's header fields, name and value in turn, without those node:http adds itself. */
  headers: string[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: reference-server.ts <responses.json> [--same-headers]');
const sameHeaders = process.argv.includes('--same-headers');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedResponse>;
const bodies = new Map<string, { contentType: string; body: Buffer; headers: string[] }>();
for (const [path, response] of Object.entries(recorded)) {
  bodies.set(path, {
    contentType: response.contentType,
    body: Buffer.from(response.body, 'base64'),
    headers: response.headers,
  });
}

const server = createServer((req, res) => {
  const found = bodies.get(req.url ?? '');
  if (!found) {
    res.writeHead(404).end();
    return;
  }
  if (sameHeaders) res.writeHead(200, found.headers);
  else {
    res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
  }
  res.end(found.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
