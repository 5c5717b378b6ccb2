// The baseline of scripts/bench.mjs: a bare node:http server answering fixed bytes, in a process of
// its own as the shop runs in its own, so that the load generator never shares its event loop.
// Usage: node scripts/bench-bare.mjs <body file> <content type>; prints the port it listens on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, type] = process.argv.slice(2);
const bytes = readFileSync(bodyFile);
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  res.end(bytes);
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
