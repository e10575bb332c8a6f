import { z } from 'zod';
import { mfaRequired, session } from './auth';
import { isSitePath } from './url';

/** The third-party sign-in buttons of the sign-in page (docs/product.md, Screens and routes). */
export const externalProviderId = z.enum(['facebook', 'google', 'auth0']);
export type ExternalProviderId = z.infer<typeof externalProviderId>;

export const externalProvider = z.object({ id: externalProviderId, name: z.string() });
export const externalProvidersResponse = z.array(externalProvider);
export type ExternalProvider = z.infer<typeof externalProvider>;

/** A path on this site to go to after sign-in; never another origin (open redirect). */
export const returnPath = z
  .string()
  .max(2048)
  .refine(isSitePath, 'must be a path on this site starting with "/"');

export const externalLoginStartRequest = z.strictObject({
  returnUrl: returnPath.optional(),
  rememberMe: z.boolean().optional(),
});
export const externalLoginStartResponse = z.object({ authorizationUrl: z.string() });

/** The query parameters the identity provider put on /auth0loginCallback; pass `iss` whenever it is there. */
export const externalLoginCallbackRequest = z.strictObject({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(512),
  iss: z.string().min(1).max(2048).optional(),
});
export type ExternalLoginCallbackRequest = z.infer<typeof externalLoginCallbackRequest>;

/** Where to go after sign-in (null: the client's default). */
const returnUrl = z.string().nullable();

/** An account without MFA: a session exactly as /api/login answers it. */
export const externalLoginSession = session.extend({ returnUrl });

/**
 * An account with MFA on: our one-time code was mailed, as /api/login answers. The callback page cannot know the
 * email or Remember me (both were given before the browser left for the provider), so they come back here.
 */
export const externalLoginChallenge = mfaRequired.extend({ email: z.string().max(254), rememberMe: z.boolean(), returnUrl });

export const externalLoginCallbackResponse = z.discriminatedUnion('requireMFV', [externalLoginChallenge, externalLoginSession]);
export type ExternalLoginCallbackResponse = z.infer<typeof externalLoginCallbackResponse>;
