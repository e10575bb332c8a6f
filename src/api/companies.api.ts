import { request } from './client';
import { listSearchParams } from './contract/list';
import { USERS_SEARCH_LIMIT, companyMembersResponse, usersResponse } from './contract/companies';

/** GET /api/companies/{id}/members: admins (not shadowing) for any company, managers for their token's company. */
export const companyMembers = (companyId: string) =>
  request(companyMembersResponse, 'GET', `/api/companies/${encodeURIComponent(companyId)}/members`);

/** GET /api/users?all=1&q=: every user of the platform (admins acting as themselves), the first 50 by name. */
export const searchUsers = (q = '') =>
  request(usersResponse, 'GET', '/api/users', { searchParams: listSearchParams({ all: 1, q, limit: USERS_SEARCH_LIMIT }) });
