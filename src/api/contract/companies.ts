import { z } from 'zod';
import { id, membershipRole } from './common';
import { platformUser, type PlatformUser } from './users';

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

/**
 * The admin's user search on the Companies page: `GET /api/users?all=1&q=` (the users resource), so its items are the
 * platform users of that list.
 */
export const userSummary = platformUser;
export const usersResponse = z.array(userSummary);
export type UserSummary = PlatformUser;

/** At most this many users answer one search; refine the query to see others. */
export const USERS_SEARCH_LIMIT = 50;
