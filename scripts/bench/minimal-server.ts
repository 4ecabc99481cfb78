import Fastify from 'fastify';

// The framework's ceiling: the same Fastify 5 in a process of its own, with one small JSON route,
// no logger, plugins, hooks or schemas. The real app can come close to it, never above it.
// PUT /answers/<name> keeps an answer (its headers and body, as the app sent them) and GET
// /answers/<name> sends it back: the ceiling for a route, the same bytes on the wire with none of
// the app's work (on one machine, bytes cost the server and the load generator alike).
const app = Fastify({ logger: false, bodyLimit: 50 * 1024 * 1024 });
app.get('/', async () => ({ status: 'ok', name: 'Power Mixer', version: 1 }));

interface Answer {
  headers: Record<string, string>;
  body: string;
}
const answers = new Map<string, Answer>();
app.put<{ Params: { name: string }; Body: Answer }>('/answers/:name', async (request, reply) => {
  answers.set(request.params.name, request.body);
  return reply.code(204).send();
});
app.get<{ Params: { name: string } }>('/answers/:name', (request, reply) => {
  const answer = answers.get(request.params.name);
  if (!answer) return void reply.code(404).send();
  void reply.headers(answer.headers).send(answer.body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
