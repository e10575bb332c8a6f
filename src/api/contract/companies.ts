import { z } from 'zod';
import { id, membershipRole } from './common';

/** A person in a company, for the members list of the Companies page (to shadow one of them). */
export const companyMember = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  role: membershipRole,
});
export const companyMembersResponse = z.array(companyMember);
export type CompanyMember = z.infer<typeof companyMember>;

export const companyIdParams = z.object({ id });

