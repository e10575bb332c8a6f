import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC, type AppDeps } from '../context';
import { parse } from '../errors';
import { ExternalLoginService } from '../auth/external-login.service';
import { randomToken } from '../auth/secrets';
import { externalLoginCallbackRequest, externalLoginStartRequest } from '../../src/api/contract/external-login';

/**
 * Ties a sign-in flow to the browser that started it: without it, anyone could send a victim to the callback with
 * the attacker's own code and state and sign the victim in as the attacker (login CSRF).
 */
export const BINDING_COOKIE = 'sw_oidc';
const COOKIE_PATH = '/api/external-login';
const BINDING_SHAPE = /^[A-Za-z0-9_-]{32,128}$/;

function readBinding(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === BINDING_COOKIE) {
      const value = rest.join('=');
      return BINDING_SHAPE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

const providerParams = z.object({ provider: z.string().min(1).max(64) });

export async function externalLoginRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const service = new ExternalLoginService({ db: deps.db, config: deps.config, auth: deps.auth, log: (line) => app.log.warn(line) });
  const secure = service.redirectUri.startsWith('https:') ? '; Secure' : '';

  app.get('/api/external-login/providers', PUBLIC, async () => ({ data: service.list() }));

  app.post('/api/external-login/:provider/start', PUBLIC, async (req, reply) => {
    const input = parse(externalLoginStartRequest, req.body);
    const { provider } = parse(providerParams, req.params);
    // Tabs of one browser share the binding, so two sign-ins started side by side both complete.
    const binding = readBinding(req) ?? randomToken(32);
    const data = await service.start(provider, input, req.ip, binding);
    void reply.header('set-cookie', `${BINDING_COOKIE}=${binding}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    return { data };
  });

  app.post('/api/external-login/callback', PUBLIC, async (req) => ({
    data: await service.callback(parse(externalLoginCallbackRequest, req.body), req.ip, readBinding(req)),
  }));
}
