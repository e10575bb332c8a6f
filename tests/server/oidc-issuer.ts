import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';

/** oidc-provider's storage, in memory like its own default (without its start-up warning), one per provider. */
function memoryAdapter() {
  const rows = new Map<string, Record<string, unknown>>();
  const byField = (model: string, field: string, value: string) =>
    [...rows.entries()].find(([k, v]) => k.startsWith(`${model}:`) && v[field] === value)?.[1];
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      rows.set(this.key(id), payload);
    }
    async find(id: string) {
      return rows.get(this.key(id));
    }
    async findByUid(uid: string) {
      return byField(this.model, 'uid', uid);
    }
    async findByUserCode(userCode: string) {
      return byField(this.model, 'userCode', userCode);
    }
    async consume(id: string) {
      const row = rows.get(this.key(id));
      if (row) row.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      rows.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of rows) if (v.grantId === grantId) rows.delete(k);
    }
  };
}

/** Someone who can sign in at the test identity provider. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  /** How the provider says it authenticated the person (the ID token's `amr`), e.g. ['pwd', 'otp']. */
  amr?: string[];
}

export interface TestClient {
  clientId: string;
  /** Absent: a public client (token_endpoint_auth_method none, PKCE only). */
  clientSecret?: string;
  redirectUri: string;
}

export interface TestIssuer {
  issuer: string;
  /** Drives the browser part of a sign-in: follows the provider's redirects, logs `account` in, and stops at our redirect URI. */
  authorize(authorizationUrl: string, account: TestAccount): Promise<{ code: string; state: string; iss: string | null; url: URL }>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a random port. Its interaction endpoint logs in whichever
 * account the test names in a header and grants the requested scopes, so no HTML forms are scraped.
 */
export async function startTestIssuer(
  client: TestClient,
  opts: {
    idTokenHasEmail?: boolean;
    /** Publish a key set that does not hold the signing key, as an impostor serving forged ID tokens would. */
    wrongJwks?: boolean;
  } = {},
): Promise<TestIssuer> {
  const accounts = new Map<string, TestAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        ...(client.clientSecret ? { client_secret: client.clientSecret } : { token_endpoint_auth_method: 'none' }),
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    adapter: memoryAdapter(),
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    // amr comes with openid, as Auth0 sends it after its own MFA, so a test can have the provider assert MFA.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'] },
    // Conforming providers keep profile claims out of the ID token in the code flow; the server then asks UserInfo.
    conformIdTokenClaims: opts.idTokenHasEmail === false,
    features: { devInteractions: { enabled: false } },
    findAccount: async (_ctx: unknown, sub: string) => {
      const a = accounts.get(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(a.email !== undefined ? { email: a.email } : {}),
          ...(a.email_verified !== undefined ? { email_verified: a.email_verified } : {}),
        }),
      };
    },
  });
  const handle = provider.callback();
  const { publicKey: otherKey } = await generateKeyPair('RS256', { extractable: true });
  const otherJwks = JSON.stringify({ keys: [{ ...(await exportJWK(otherKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] });
  server.on('request', (req, res) => {
    if (opts.wrongJwks && req.url === '/jwks') {
      res.setHeader('content-type', 'application/json');
      return res.end(otherJwks);
    }
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = String(req.headers['x-test-account'] ?? '');
      const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      const amr = accounts.get(accountId)?.amr;
      await provider.interactionFinished(req, res, { login: { accountId, ...(amr ? { amr } : {}) }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });

  return {
    issuer,
    async authorize(authorizationUrl, account) {
      accounts.set(account.sub, account);
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-test-account': account.sub },
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const i = pair!.indexOf('=');
          cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url.href} with ${res.status}: ${(await res.text()).slice(0, 500)}`);
        url = new URL(location, url);
        if (url.href.startsWith(client.redirectUri)) {
          const code = url.searchParams.get('code');
          const state = url.searchParams.get('state');
          if (!code || !state) throw new Error(`no code in ${url.href}`);
          return { code, state, iss: url.searchParams.get('iss'), url };
        }
      }
      throw new Error('too many redirects');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
