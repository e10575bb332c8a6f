import { z } from 'zod';
import { id, membershipRole } from './common';

/** A person in a company, for the members list and the shadow picker. */
export const companyMember = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  role: membershipRole,
});
export const companyMembersResponse = z.array(companyMember);
export type CompanyMember = z.infer<typeof companyMember>;

export const companyIdParams = z.object({ id });

/** GET /api/users?q=: matched case-insensitively against name and email. */
export const usersQuery = z.object({ q: z.string().trim().max(200).optional() });

export const userSummary = z.object({
  id,
  name: z.string(),
  email: z.string(),
  platformRole: z.enum(['admin']).nullable(),
  companies: z.array(z.object({ companyId: id, companyName: z.string(), role: membershipRole })),
});
export const usersResponse = z.array(userSummary);
export type UserSummary = z.infer<typeof userSummary>;

/** At most this many users answer one search; refine the query to see others. */
export const USERS_SEARCH_LIMIT = 50;
