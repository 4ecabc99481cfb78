import Fastify from 'fastify';

// The framework's ceiling: the same Fastify 5 in a process of its own, with one small JSON route,
// no logger, plugins, hooks or schemas. The real app can come close to it, never above it.
// GET /bytes/<n> answers a JSON text of n bytes, made once: the ceiling for a route whose cached
// answer is that long (on one machine, bytes cost the server and the load generator alike).
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', name: 'Power Mixer', version: 1 }));
const texts = new Map<number, string>();
app.get<{ Params: { n: string } }>('/bytes/:n', (request, reply) => {
  const n = Math.min(Math.max(Number(request.params.n) || 0, 12), 10_000_000);
  let text = texts.get(n);
  if (!text) texts.set(n, (text = `{"pad":"${'x'.repeat(n - 10)}"}`));
  void reply.type('application/json; charset=utf-8').send(text);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
