import { z } from 'zod';
import { session } from './auth';
import { isSitePath } from './url';

/** The third-party sign-in buttons of the sign-in page (SPEC §2). */
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

/** A session exactly as /api/login answers it, plus where to go next (null: the client's default). */
export const externalLoginCallbackResponse = session.extend({ returnUrl: z.string().nullable() });
export type ExternalLoginCallbackResponse = z.infer<typeof externalLoginCallbackResponse>;
