import http from 'node:http';

// The live notice's ceiling: node:http in a process of its own holding open event streams, and
// POST /notify writing one small frame (the size of the app's notice) to each of them. No
// framework, no database, no sessions: the app's fan-out can come close to it, never above it.
const streams = new Set<http.ServerResponse>();
// Written as the app writes it (features/realtime/routes.ts): its bytes made once, on a stream
// that ends with its connection, so without chunk framing.
const frame = Buffer.from(
  `data: ${JSON.stringify({ topic: 'forum-replies', kind: 'forum-replies', id: crypto.randomUUID() })}\n\n`,
);

const server = http.createServer((req, res) => {
  if (req.url === '/stream') {
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.write('retry: 1000\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  } else if (req.method === 'POST' && req.url === '/notify') {
    for (const s of streams) s.write(frame);
    res.writeHead(204).end();
  } else {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');

const stop = () => {
  for (const s of streams) s.end();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
