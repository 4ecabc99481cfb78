import Fastify from 'fastify';

// The framework's ceiling: the same Fastify 5 in a process of its own, with one small JSON route,
// no logger, plugins, hooks or schemas. The real app can come close to it, never above it.
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', name: 'Power Mixer', version: 1 }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
