import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf } from '../context';
import { requireTokenCompany } from '../auth/site-scope';
import type { LiveFilter, LiveMessage } from '../live/hub';
import { displayOfRequest } from '../resources/displays';
import { findDisplay, markDisplaySeen, sitesOfDisplays } from '../db/displays.repository';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** A client that reads slower than messages come is cut off past this much unsent text; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/**
 * A wall's stream has no token to expire: this often it re-reads its display, so a deleted one's stream ends and a
 * changed playlist takes effect, on every instance alike (the display row is the only shared truth).
 */
export const DISPLAY_RECHECK_MS = 3_000;

/**
 * A message's frame is the same text for every stream it goes to: made once, not once per open stream (a thousand
 * JSON.stringify calls per reading, and their garbage, were about a sixth of the server's CPU in the stream
 * bench). Kept as long as the hub keeps the message for replays.
 */
const frames = new WeakMap<LiveMessage, string>();
const frame = (m: LiveMessage) => {
  let text = frames.get(m);
  if (text === undefined) frames.set(m, (text = `id: ${m.id}\nevent: ${m.kind}\ndata: ${JSON.stringify(m.data)}\n\n`));
  return text;
};

/**
 * `GET /api/stream` (docs/product.md, Live updates): the token company's readings and alert events, and the caller's own export
 * jobs, as Server-Sent Events. A reconnect names the last id it saw (`Last-Event-ID`) and gets what it missed from
 * the last five minutes. The stream ends when the access token would expire, so the client comes back with a fresh
 * one: a session revoked meanwhile gets no more than one token's life of updates. A wall display opens it with its
 * X-Display-Key instead: then only its sites' readings and alerts come, and the stream lasts until the display is
 * deleted.
 */
export async function streamRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Open streams never end by themselves: a closing server ends them, or it would wait for them forever.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  app.get('/api/stream', { config: { displayKey: true } }, async (req, reply) => {
    // No claims means the authentication hook let a wall's key through (and no bearer token came).
    const display = req.claims ? null : await displayOfRequest(deps.db, req);
    const filter: LiveFilter = display
      ? { companyId: display.companyId, siteIds: (await sitesOfDisplays(deps.db, [display.id])).get(display.id) ?? [], kinds: ['reading', 'alert'] }
      : { companyId: (await requireTokenCompany(deps.db, claimsOf(req))).companyId, userId: claimsOf(req).sub };
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
    const expiry = display ? null : setTimeout(() => end(), deps.config.ACCESS_TOKEN_TTL * 1000);
    const recheck = display ? setInterval(() => void recheckDisplay(display.companyId, display.id), DISPLAY_RECHECK_MS) : null;
    streams.add(end);
    function end() {
      if (!open) return;
      open = false;
      streams.delete(end);
      unsubscribe();
      clearInterval(heartbeat);
      if (expiry) clearTimeout(expiry);
      if (recheck) clearInterval(recheck);
      res.end();
    }
    async function recheckDisplay(companyId: string, displayId: string) {
      try {
        if (!(await findDisplay(deps.db, companyId, displayId))) return end();
        // An open stream is a display that is on: its last contact follows (written once a minute at most).
        await markDisplaySeen(deps.db, displayId, Date.now());
        // The subscription holds this same filter object, so the new playlist applies from the next message.
        filter.siteIds = (await sitesOfDisplays(deps.db, [displayId])).get(displayId) ?? [];
      } catch (e) {
        // A database hiccup keeps the stream as it is; the next check tries again.
        req.log.error({ err: e }, 'display recheck failed');
      }
    }
    req.raw.on('close', end);
    res.on('close', end);
  });
}
