import { request } from './client';
import { companyMembersResponse, usersResponse } from './contract/companies';

/** GET /api/companies/{id}/members: admins (not shadowing) for any company, managers for their token's company. */
export const companyMembers = (companyId: string) =>
  request(companyMembersResponse, 'GET', `/api/companies/${encodeURIComponent(companyId)}/members`);

/** GET /api/users?q=: admins only (not shadowing); at most 50, ordered by name. */
export const searchUsers = (q = '') => request(usersResponse, 'GET', '/api/users', { searchParams: q ? { q } : {} });
