// The framework floor (docs/performance.md): Fastify with one route and nothing registered, no logger, no
// hooks: the most requests a second this stack can answer on this machine. The bench starts it in the
// same run as the portal and reports every row also as a share of it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
process.stdout.write('listening\n');
