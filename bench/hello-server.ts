import Fastify from 'fastify';

// The ceiling: a bare Fastify hello-world on this machine, same runtime, no plugins, no logging.
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
