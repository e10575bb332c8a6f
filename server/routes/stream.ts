import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { requireTokenCompany } from '../auth/site-scope';
import type { LiveFilter, LiveMessage } from '../live/hub';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** A client that reads slower than messages come is cut off past this much unsent text; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = (m: LiveMessage) => `id: ${m.id}\nevent: ${m.kind}\ndata: ${JSON.stringify(m.data)}\n\n`;

/**
 * `GET /api/stream` (DESIGN §6 "Live"): the token company's readings, alert events and export jobs as Server-Sent
 * Events. A reconnect names the last id it saw (`Last-Event-ID`) and gets what it missed from the last five minutes.
 * The stream ends when the access token would expire, so the client comes back with a fresh one: a session revoked
 * meanwhile gets no more than one token's life of updates.
 */
export async function streamRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Open streams never end by themselves: a closing server ends them, or it would wait for them forever.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.get('/api/stream', async (req, reply) => {
    const { companyId } = await requireTokenCompany(deps.db, claimsOf(req));
    const filter: LiveFilter = { companyId };
    const header = req.headers['last-event-id'];
    const lastId = typeof header === 'string' && header.length <= 200 ? header : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) would otherwise hold the messages back in their buffers.
      'X-Accel-Buffering': 'no',
    });
    let open = true;
    const send = (text: string) => {
      if (!open) return;
      res.write(text);
      if (res.writableLength > MAX_BUFFERED_BYTES) end();
    };
    // Missed messages and new ones in one order: both are read in this same tick, so nothing falls between them.
    const missed = lastId ? deps.live.since(lastId, filter) : [];
    const unsubscribe = deps.live.subscribe(filter, (m) => send(frame(m)));
    send(': connected\n\n');
    for (const m of missed ?? []) send(frame(m));
    const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
    const expiry = setTimeout(() => end(), deps.config.ACCESS_TOKEN_TTL * 1000);
    streams.add(end);
    function end() {
      if (!open) return;
      open = false;
      streams.delete(end);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      res.end();
    }
    req.raw.on('close', end);
    res.on('close', end);
  });
}
