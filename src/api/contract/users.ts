import { z } from 'zod';
import { email, id, membershipRole } from './common';
import { listQuery } from './list';

/**
 * `POST /api/users` (docs/product.md, Management): invites a person into the token's company. An email without an account gets a new
 * account, which cannot sign in until its owner sets a password through the mailed link.
 */
export const userInput = z
  .object({ email, name: z.string().trim().min(1, 'is required').max(200), role: membershipRole })
  .strict();
export type UserInput = z.input<typeof userInput>;

/** `PUT /api/users/{id}`: changes the membership in the token's company, never the account. */
export const userUpdate = z
  .object({ role: membershipRole.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Give a role or disabled to change', path: ['role'] });
export type UserUpdate = z.input<typeof userUpdate>;

/** A member of the token's company. Times are ISO 8601, as elsewhere in the contract. */
export const companyUser = z.object({
  id,
  email: z.string(),
  name: z.string(),
  role: membershipRole,
  /** The member may not act for this company (the account and its other memberships are untouched). */
  disabled: z.boolean(),
  /** When the invitation was sent, while its set-password link has not been used; null once it has. */
  invitedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type CompanyUser = z.infer<typeof companyUser>;

/** One membership of a platform user, for the admin's view of everyone. */
export const platformMembership = z.object({
  companyId: id,
  companyName: z.string(),
  role: membershipRole,
  disabled: z.boolean(),
  invitedAt: z.string().nullable(),
});

/**
 * An item of `GET /api/users?all=1` (admins): any user of the platform. A platform user has a role per company, so
 * `role` is in `companies`; `disabled` is the account's own flag; `invitedAt` is the oldest invitation still waiting
 * for a password (null once the account has one).
 */
export const platformUser = z.object({
  id,
  email: z.string(),
  name: z.string(),
  platformRole: z.enum(['admin']).nullable(),
  disabled: z.boolean(),
  invitedAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  companies: z.array(platformMembership),
});
export type PlatformUser = z.infer<typeof platformUser>;

export const USER_SORTS = ['name', 'email', 'role', 'lastLoginAt'] as const;
export const userListQuery = listQuery(USER_SORTS).extend({
  role: membershipRole.optional(),
  /** Admins acting as themselves: every user of the platform instead of the token company's members. */
  all: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional()
    .describe('1: every user of the platform (admins), items with platformRole and companies'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** What `GET /api/users` answers items of: the company's members, or with `?all=1` the platform's users. */
export const userListItem = z.union([companyUser, platformUser]);
