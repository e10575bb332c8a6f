import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * The load bench's baseline: a bare Fastify with one `GET /hello` route, in a process of its own like the real server,
 * so the same 200-user loop against it measures what the machine, the sockets and the load generator cost by themselves.
 * Prints the line startChild waits for.
 */
async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ data: 'hello' }));
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
  console.log(`hello running at http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
