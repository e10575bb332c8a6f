import { request } from './client';
import { adminGlanceResponse } from './contract/admin-glance';

/** The platform at a glance (platform admins acting as themselves). */
export const adminGlance = () => request(adminGlanceResponse, 'GET', '/api/admin/glance');
