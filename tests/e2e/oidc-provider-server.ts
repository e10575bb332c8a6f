import http from 'node:http';
import { Provider } from 'oidc-provider';

/**
 * A real OpenID provider for the end-to-end suite (started by playwright.config.ts). Its built-in development login
 * form accepts any login name; the account's email is that name, verified, so typing a Sitewatch account's email
 * signs that account in.
 */
const port = Number(process.env.OIDC_PORT ?? 8182);
const appOrigin = process.env.APP_ORIGIN ?? 'http://127.0.0.1:8181';
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'sitewatch-e2e',
      client_secret: 'sitewatch-e2e-secret',
      redirect_uris: [`${appOrigin}/auth0loginCallback`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  cookies: { keys: ['e2e-cookie-key-0123456789abcdef'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  features: { devInteractions: { enabled: true } },
  findAccount: async (_ctx: unknown, sub: string) => ({
    accountId: sub,
    claims: async () => ({ sub, email: sub.toLowerCase(), email_verified: true }),
  }),
});

http.createServer(provider.callback()).listen(port, '127.0.0.1', () => {
  console.log(`test OpenID provider at ${issuer}`);
});
