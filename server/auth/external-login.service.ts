import * as oidc from 'openid-client';
import type { Db } from '../db/database';
import { isLoopbackUrl, type Config } from '../config';
import { NO_PASSWORD, findUserByEmail } from '../db/users.repository';
import { markEmailVerified } from '../db/email-verification.repository';
import { deleteExpiredOidcStates, insertOidcState, takeOidcState } from '../db/oidc-states.repository';
import { AppError, notFound } from '../errors';
import type { AuthService } from './auth.service';
import { LIMITS } from './rate-limiter';
import { newId, sha256 } from './secrets';
import type {
  ExternalLoginCallbackRequest, ExternalLoginCallbackResponse, ExternalProvider, ExternalProviderId,
} from '../../src/api/contract/external-login';

const STATE_TTL_MS = 10 * 60 * 1000;
/** Metadata is fetched again after this; signing keys rotate on their own (unknown kid → JWKS refetch). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_S = 10;
/** Only what we use: the verified email identifies the account. */
const SCOPE = 'openid email';
/** The SPA route the identity provider sends the browser back to (docs/product.md, Screens and routes). */
export const CALLBACK_PATH = '/auth0loginCallback';

const NAMES: Record<ExternalProviderId, string> = { facebook: 'Facebook', google: 'Google', auth0: 'Auth0' };
const ENV: Record<ExternalProviderId, 'FACEBOOK' | 'GOOGLE' | 'AUTH0'> = { facebook: 'FACEBOOK', google: 'GOOGLE', auth0: 'AUTH0' };

interface ProviderSettings {
  id: ExternalProviderId;
  name: string;
  issuer: URL;
  clientId: string;
  clientSecret?: string;
}

/** The providers whose issuer is set, in the order of the sign-in page's buttons. */
export function configuredProviders(config: Config): ProviderSettings[] {
  const out: ProviderSettings[] = [];
  for (const id of Object.keys(NAMES) as ExternalProviderId[]) {
    const issuer = config[`OIDC_${ENV[id]}_ISSUER`];
    const clientId = config[`OIDC_${ENV[id]}_CLIENT_ID`];
    if (!issuer || !clientId) continue;
    out.push({ id, name: NAMES[id], issuer: new URL(issuer), clientId, clientSecret: config[`OIDC_${ENV[id]}_CLIENT_SECRET`] });
  }
  return out;
}

const invalidState = () =>
  new AppError(401, 'invalid_state', 'This sign-in attempt is no longer valid. Please start the sign-in again.');

export interface ExternalLoginDeps {
  db: Db;
  config: Config;
  auth: AuthService;
  log: (line: string) => void;
}

/** Authorization code + PKCE against an OpenID provider; the code is exchanged here, never in the browser. */
export class ExternalLoginService {
  private readonly providers: Map<ExternalProviderId, ProviderSettings>;
  private readonly discovered = new Map<ExternalProviderId, { at: number; config: Promise<oidc.Configuration> }>();
  /** Registered at every provider; built from PUBLIC_URL like mail links, never from the request's Host header. */
  readonly redirectUri: string;

  constructor(private readonly d: ExternalLoginDeps) {
    this.providers = new Map(configuredProviders(d.config).map((p) => [p.id, p]));
    const base = d.config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${d.config.PORT}`;
    this.redirectUri = `${base}${CALLBACK_PATH}`;
  }

  list(): ExternalProvider[] {
    return [...this.providers.values()].map((p) => ({ id: p.id, name: p.name }));
  }

  private provider(id: string): ProviderSettings {
    const p = this.providers.get(id as ExternalProviderId);
    if (!p) throw notFound('This sign-in provider is not available');
    return p;
  }

  private async configuration(p: ProviderSettings): Promise<oidc.Configuration> {
    const now = this.d.auth.now();
    const cached = this.discovered.get(p.id);
    if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = this.discover(p);
    const entry = { at: now, config };
    this.discovered.set(p.id, entry);
    // A failed discovery is not cached: the next sign-in tries again.
    config.catch(() => {
      if (this.discovered.get(p.id) === entry) this.discovered.delete(p.id);
    });
    try {
      return await config;
    } catch (e) {
      this.d.log(`OIDC discovery of ${p.id} at ${p.issuer.href} failed: ${String(e)}`);
      throw new AppError(502, 'provider_unavailable', `Sign-in with ${p.name} is not available right now. Please try again later.`);
    }
  }

  private async discover(p: ProviderSettings): Promise<oidc.Configuration> {
    // Plain http is accepted only for a provider on this machine (config.ts refuses it elsewhere).
    const insecure = p.issuer.protocol === 'http:' && isLoopbackUrl(p.issuer);
    const found = await oidc.discovery(p.issuer, p.clientId, undefined, undefined, {
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: HTTP_TIMEOUT_S,
    });
    const meta = found.serverMetadata();
    // RFC 8414: a provider that lists no methods supports client_secret_basic.
    const methods = meta.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const clientAuth = !p.clientSecret
      ? oidc.None()
      : methods.includes('client_secret_basic')
        ? oidc.ClientSecretBasic(p.clientSecret)
        : oidc.ClientSecretPost(p.clientSecret);
    const config = new oidc.Configuration({ ...meta }, p.clientId, p.clientSecret, clientAuth);
    if (insecure) oidc.allowInsecureRequests(config);
    // The ID token's signature is checked against the provider's JWKS too, not only trusted for arriving over TLS.
    oidc.enableNonRepudiationChecks(config);
    config.timeout = HTTP_TIMEOUT_S;
    return config;
  }

  async start(
    providerId: string,
    input: { returnUrl?: string; rememberMe?: boolean },
    ip: string,
    binding: string,
  ): Promise<{ authorizationUrl: string }> {
    await this.d.auth.limiter.hit(`external:start:ip:${ip}`, LIMITS.externalPerAddress);
    const p = this.provider(providerId);
    const config = await this.configuration(p);
    const now = this.d.auth.now();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await deleteExpiredOidcStates(this.d.db, now);
    await insertOidcState(this.d.db, {
      id: newId(), stateHash: sha256(state), bindingHash: sha256(binding), provider: p.id, nonce, codeVerifier,
      returnUrl: input.returnUrl ?? null, rememberMe: input.rememberMe ? 1 : 0, createdAt: now, expiresAt: now + STATE_TTL_MS,
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { authorizationUrl: url.href };
  }

  async callback(input: ExternalLoginCallbackRequest, ip: string, binding: string | undefined): Promise<ExternalLoginCallbackResponse> {
    await this.d.auth.limiter.hit(`external:callback:ip:${ip}`, LIMITS.externalPerAddress);
    if (!binding) throw invalidState();
    // Taken (deleted) before the exchange: a state is single use whether or not the exchange succeeds.
    const row = await takeOidcState(this.d.db, sha256(input.state), sha256(binding));
    if (!row || row.expiresAt <= this.d.auth.now()) throw invalidState();
    const p = this.providers.get(row.provider as ExternalProviderId);
    if (!p) throw invalidState();
    const config = await this.configuration(p);

    const current = new URL(this.redirectUri);
    current.searchParams.set('code', input.code);
    current.searchParams.set('state', input.state);
    if (input.iss) current.searchParams.set('iss', input.iss);
    const failed = () => new AppError(401, 'external_login_failed', `Sign-in with ${p.name} did not succeed. Please try again.`);
    let email: unknown;
    let emailVerified: unknown;
    try {
      // Checks iss (RFC 9207 when advertised), state, then exchanges the code with the verifier and validates the
      // ID token: issuer, audience, expiry, nonce and signature.
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: row.codeVerifier,
        expectedState: input.state,
        expectedNonce: row.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      email = claims.email;
      emailVerified = claims.email_verified;
      // Providers that keep the ID token small (conforming to OIDC Core 5.4) put email in UserInfo instead.
      if (email === undefined && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = info.email;
        emailVerified = info.email_verified;
      }
    } catch (e) {
      this.d.log(`external sign-in with ${p.id} failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      throw failed();
    }

    if (typeof email !== 'string' || email === '') {
      throw new AppError(403, 'email_missing', `${p.name} did not share an email address, so no Sitewatch account can be matched.`);
    }
    // Some providers send the flag as a string; only an explicit false refuses (absent means the provider vouches).
    if (emailVerified === false || emailVerified === 'false') {
      throw new AppError(403, 'email_not_verified', `Your email address is not verified at ${p.name}. Verify it there, then try again.`);
    }
    const user = await findUserByEmail(this.d.db, email.trim());
    if (!user) {
      throw new AppError(
        403,
        'unknown_account',
        `No Sitewatch account uses ${email}. Ask your manager to add you, or create an account, then sign in with ${p.name} again.`,
      );
    }
    // The provider vouches for the address, which confirms an unconfirmed sign-up; the password that sign-up chose is
    // dropped, since anyone could have signed up with this address (forgot-password sets a new one).
    if (!user.emailVerified) await markEmailVerified(this.d.db, user.id, NO_PASSWORD);
    const rememberMe = row.rememberMe === 1;
    const answer = await this.d.auth.signIn.externalSignIn(user, rememberMe, p.id);
    if (answer.requireMFV) return { ...answer, email: user.email, rememberMe, returnUrl: row.returnUrl };
    return { ...answer, returnUrl: row.returnUrl };
  }
}
