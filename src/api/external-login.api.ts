import { request } from './client';
import {
  type ExternalLoginCallbackRequest, type ExternalProviderId, externalLoginCallbackResponse, externalLoginStartResponse,
  externalProvidersResponse,
} from './contract/external-login';

/** GET /api/external-login/providers: only the configured ones; render a button per entry. */
export const externalProviders = () => request(externalProvidersResponse, 'GET', '/api/external-login/providers', { isPublic: true });

/**
 * POST /api/external-login/{provider}/start: answers the URL to send the browser to (location.assign). The answer
 * also sets an HttpOnly cookie the callback needs, so start and callback must go to the same API origin.
 */
export const startExternalLogin = (provider: ExternalProviderId, body: { returnUrl?: string; rememberMe?: boolean } = {}) =>
  request(externalLoginStartResponse, 'POST', `/api/external-login/${provider}/start`, { json: body, isPublic: true });

/** POST /api/external-login/callback: pass code, state and (when present) iss from /auth0loginCallback's query. */
export const finishExternalLogin = (body: ExternalLoginCallbackRequest) =>
  request(externalLoginCallbackResponse, 'POST', '/api/external-login/callback', { json: body, isPublic: true });
