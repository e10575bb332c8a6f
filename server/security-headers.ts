import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every answer. The session's tokens live in the browser's
 * storage, so keeping foreign script out is their defence: scripts come from this origin only, never inline. Styles
 * may be inline (React's style attributes, the chart library's); images may come from any https host, because a
 * white-label logo is any https URL an admin gives. The template demos reach the hosts named in docs/product.md, Template demos: GitHub and
 * YouTube searches from the browser, Google Maps and the OpenStreetMap tiles.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://maps.googleapis.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.github.com https://www.googleapis.com https://youtube.googleapis.com https://maps.googleapis.com",
  "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://www.google.com",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Whether the request reached us over TLS: directly, or through a proxy the server trusts (Fastify's trustProxy). */
const overTls = (req: FastifyRequest) => req.protocol === 'https';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * Policies that send no more than the default does. A route may set one of these for itself (a page whose URL holds
 * a token sends no referrer at all); anything looser is replaced, so no route can widen what leaves the site.
 */
const AT_LEAST_AS_STRICT = new Set(['no-referrer', 'same-origin', 'strict-origin', REFERRER_POLICY]);

const ownReferrerPolicyStands = (value: unknown) =>
  typeof value === 'string' && value.split(',').every((p) => AT_LEAST_AS_STRICT.has(p.trim().toLowerCase()));

/**
 * Whether a request asks for a source map of the built client. The build keeps its maps beside the bundle so the team
 * can decode a reported stack (vite.config.ts, `sourcemap: 'hidden'`), but a map carries the client's whole source.
 * Both the route the static server registered for the file and the decoded path are looked at, so no escaped spelling
 * of the name reaches the file.
 */
function asksForSourceMap(req: FastifyRequest): boolean {
  if (/\.map$/i.test(req.routeOptions.url ?? '')) return true;
  let pathname = req.url.split('?')[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is routed nowhere; the raw path is judged as it is.
  }
  // An API path may end in anything an id holds; its answers are JSON, never a file.
  return !pathname.startsWith('/api/') && /\.map\/*$/i.test(pathname);
}

/**
 * Security headers on every answer, pages and API alike: the policy above, no framing, no type sniffing, a referrer
 * that leaves no path for other sites (or a route's own stricter one), HSTS when served over TLS, and `no-store` on
 * API answers (they hold a company's data and sometimes a token; a shared computer's cache must not). Source maps of
 * the built client are refused before the static server can send them.
 */
export function securityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req, reply) => {
    if (!asksForSourceMap(req)) return;
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  fastify.addHook('onSend', async (req, reply, payload) => {
    const keepOwn = ownReferrerPolicyStands(reply.getHeader('referrer-policy'));
    void reply.headers({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
    });
    if (!keepOwn) void reply.header('referrer-policy', REFERRER_POLICY);
    if (overTls(req)) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
