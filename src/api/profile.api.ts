import { request } from './client';
import { meResponse } from './contract/auth';
import type { UpdateProfileRequest } from './contract/profile';

/** PUT /api/me: change own name and/or language; answers the updated me. Refused (403) while shadowing. */
export const updateProfile = (body: UpdateProfileRequest) => request(meResponse, 'PUT', '/api/me', { json: body });
