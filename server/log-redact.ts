import type { FastifyRequest } from 'fastify';

/**
 * Paths and query parameters that carry a secret: a token in a link (password reset, a mailed export, an alert's
 * acknowledge link, a shared dashboard) is as good as the thing it opens, so the request log never holds one.
 */
const SECRET_SEGMENT = /^(\/api\/(?:shared|alert-links|invitations)\/)[^/?#]+/;
const SECRET_PARAM = /([?&](?:token|code|key|mfaToken)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_PARAM, '$1[redacted]');
}

/** The request as the log shows it: Fastify's default fields, with the URL's secrets taken out. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip }),
};
