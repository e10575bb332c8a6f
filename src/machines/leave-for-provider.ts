import { fromPromise } from 'xstate';
import type { ExternalProviderId } from '../api/contract/external-login';
import { apiModules } from '../api/lazy';

// Loaded with the first call, like every api module of the sign-in page.
const api = apiModules.externalLogin;

/** Asks the server for the provider's authorization URL and leaves the app for it (success never comes back). */
export const leaveForProvider = fromPromise<void, { provider: ExternalProviderId; returnUrl?: string; rememberMe?: boolean }>(async ({ input }) => {
  const { authorizationUrl } = await (await api()).startExternalLogin(input.provider, { returnUrl: input.returnUrl, rememberMe: input.rememberMe });
  window.location.assign(authorizationUrl);
});
