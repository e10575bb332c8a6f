import { request } from './client';
import { healthAnswer, type HealthAnswer } from './contract/common';
import { currentDisplay, displaySite, DISPLAY_KEY_HEADER, type CurrentDisplay, type DisplaySite } from './contract/displays';
import { readingsResponse, type ReadingsRequest, type ReadingsResponse } from './contract/monitoring';

// A wall display's calls: no session, its key in X-Display-Key (docs/product.md, Wall displays).

const enc = encodeURIComponent;
const byKey = (key: string) => ({ isPublic: true, headers: { [DISPLAY_KEY_HEADER]: key } });

/** `GET /api/displays/current`: the display's settings and its playlist; 401 once the display is removed. */
export const currentWall = (key: string, signal?: AbortSignal): Promise<CurrentDisplay> => request(currentDisplay, 'GET', '/api/displays/current', { ...byKey(key), signal });

/** `GET /api/displays/current/sites/{id}`: one site of the playlist with its latest values and open events. */
export const wallSite = (key: string, siteId: string, signal?: AbortSignal): Promise<DisplaySite> =>
  request(displaySite, 'GET', `/api/displays/current/sites/${enc(siteId)}`, { ...byKey(key), signal });

/** `POST /api/displays/current/sites/{id}/readings`: the signed-in readings request, for that site's feeds only. */
export const wallReadings = (key: string, siteId: string, body: ReadingsRequest, signal?: AbortSignal): Promise<ReadingsResponse> =>
  request(readingsResponse, 'POST', `/api/displays/current/sites/${enc(siteId)}/readings`, { ...byKey(key), json: body, signal });

/** `GET /api/health`: the build the server hands out, which a wall compares with the one it started with. */
export const serverHealth = (signal?: AbortSignal): Promise<HealthAnswer> => request(healthAnswer, 'GET', '/api/health', { isPublic: true, signal });
