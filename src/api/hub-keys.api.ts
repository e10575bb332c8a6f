import type { z } from 'zod';
import { request } from './client';
import { hubApiKeyCreated, hubApiKeySummary, hubApiKeysResponse, type createHubApiKeyRequest } from './contract/monitoring';

export type HubApiKey = z.infer<typeof hubApiKeySummary>;
export type HubApiKeyCreated = z.infer<typeof hubApiKeyCreated>;
export type HubApiKeyRequest = z.input<typeof createHubApiKeyRequest>;

const keysOf = (hubId: string) => `/api/hubs/${encodeURIComponent(hubId)}/api-keys`;

/** `GET /api/hubs/{id}/api-keys`: every key of the hub, revoked ones too, without their secrets. */
export const listHubApiKeys = (hubId: string) => request(hubApiKeysResponse, 'GET', keysOf(hubId));

/** `POST /api/hubs/{id}/api-keys`: the answer is the only time the key itself is sent. */
export const createHubApiKey = (hubId: string, body: HubApiKeyRequest) => request(hubApiKeyCreated, 'POST', keysOf(hubId), { json: body });

/** `DELETE /api/hubs/{id}/api-keys/{keyId}`: revokes the key; it stays listed with its revocation time. */
export const revokeHubApiKey = (hubId: string, keyId: string) =>
  request(hubApiKeySummary, 'DELETE', `${keysOf(hubId)}/${encodeURIComponent(keyId)}`);
