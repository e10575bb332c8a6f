import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every answer (issue 15 finding 2). The session's tokens live in the browser's
 * storage, so keeping foreign script out is their defence: scripts come from this origin only, never inline. Styles
 * may be inline (React's style attributes, the chart library's); images may come from any https host, because a
 * white-label logo is any https URL an admin gives. The template demos reach the hosts DESIGN §6 names: GitHub and
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

/**
 * Security headers on every answer, pages and API alike: the policy above, no framing, no type sniffing, a referrer
 * that leaves no path for other sites, HSTS when served over TLS, and `no-store` on API answers (they hold a
 * company's data and sometimes a token; a shared computer's cache must not).
 */
export function securityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (req, reply, payload) => {
    void reply.headers({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
    });
    if (overTls(req)) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
