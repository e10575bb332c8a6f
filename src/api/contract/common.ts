import { z } from 'zod';

/** Ids are opaque strings; nothing may depend on them being sequential. */
export const id = z.string().min(1).max(64);

export const email = z.string().trim().toLowerCase().max(254).email();

/** docs/product.md, Forms: 8–128 characters with an upper-case letter, a lower-case letter and a digit. */
export const passwordRule = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(/[A-Z]/, 'Password must contain an upper-case letter')
  .regex(/[a-z]/, 'Password must contain a lower-case letter')
  .regex(/[0-9]/, 'Password must contain a digit');

export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const envelope = <T extends z.ZodTypeAny>(data: T) => z.object({ data });

export const customerType = z.enum(['UKE', 'Mackwell', 'EPS']);
export type CustomerType = z.infer<typeof customerType>;
export const membershipRole = z.enum(['manager', 'user', 'viewer']);
export type MembershipRole = z.infer<typeof membershipRole>;
/** The role a session acts with: a platform admin, or the membership role in the token's company. */
export const sessionRole = z.enum(['admin', 'manager', 'user', 'viewer']);
export type SessionRole = z.infer<typeof sessionRole>;

/** GET /api/locate/{site|report}/{id}: the company of the caller's that a site or report belongs to. */
export const objectHome = z.strictObject({ companyId: id, companyName: z.string() });
export type ObjectHome = z.infer<typeof objectHome>;

/** GET /api/health: the server is up, on which database, and which build it hands out (a new build, a new id). */
export const healthAnswer = z.strictObject({ ok: z.literal(true), dialect: z.enum(['sqlite', 'postgres']), buildId: z.string().min(1) });
export type HealthAnswer = z.infer<typeof healthAnswer>;
