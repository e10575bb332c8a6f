import { request } from './client';
import { companyMembersResponse } from './contract/companies';

/** GET /api/companies/{id}/members: admins (not shadowing) for any company, managers for their token's company. */
export const companyMembers = (companyId: string) =>
  request(companyMembersResponse, 'GET', `/api/companies/${encodeURIComponent(companyId)}/members`);
