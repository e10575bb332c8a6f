import { z } from 'zod';
import { email, id, passwordRule, sessionRole } from './common';

export const locale = z.enum(['en', 'zh', 'es', 'fr', 'it', 'ar']);

export const basicInfo = z.object({
  id,
  name: z.string().max(200),
  email: z.string().max(254),
  locale,
});
export type BasicInfo = z.infer<typeof basicInfo>;

export const loginRequest = z.strictObject({
  email,
  password: z.string().min(1, 'Password is required').max(128),
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** A signed-in session as every session-issuing call answers it (docs/product.md, Sessions). */
export const session = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
  role: sessionRole,
  companyId: id.nullable(),
  /** The name of companyId, for the top bar; null with companyId. */
  companyName: z.string().nullable(),
  isShadow: z.boolean(),
  /** What is shadowed, for the banner: set only while isShadow. */
  shadow: z
    .object({ kind: z.enum(['company', 'user']), name: z.string(), actorName: z.string() })
    .nullable()
    .optional(),
  basicInfo,
  requireMFV: z.literal(false),
});
export type Session = z.infer<typeof session>;

export const mfaRequired = z.object({ requireMFV: z.literal(true), mfaToken: z.string() });
export type MfaRequired = z.infer<typeof mfaRequired>;

export const loginResponse = z.union([mfaRequired, session]);
export type LoginResponse = z.infer<typeof loginResponse>;

export const verifyOtpRequest = z.strictObject({
  mfaToken: z.string().min(1).max(2048),
  code: z.string().regex(/^[0-9]{6}$/, 'The code is 6 digits'),
});
export const resendOtpRequest = z.strictObject({ mfaToken: z.string().min(1).max(2048) });
export const sentResponse = z.object({ sent: z.literal(true) });

export const refreshRequest = z.strictObject({
  refreshToken: z.string().min(1).max(512),
  companyId: id.nullable().optional(),
});
export const switchCompanyRequest = z.strictObject({ companyId: id });
export const shadowCompanyRequest = z.strictObject({ companyId: id });
export const shadowUserRequest = z.strictObject({ userId: id });
export const emptyRequest = z.strictObject({});

const matches = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const mismatch = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const changePasswordRequest = z
  .strictObject({ currentPassword: z.string().min(1).max(128), password: passwordRule, confirmPassword: z.string().max(128) })
  .refine(matches, mismatch);
export const forgotPasswordRequest = z.strictObject({ email });
export const verifyResetTokenRequest = z.strictObject({ token: z.string().min(1).max(256) });
export const verifyResetTokenResponse = z.object({ valid: z.literal(true) });
/** The link mailed at sign-up: the account may sign in once it is followed. */
export const verifyEmailRequest = z.strictObject({ token: z.string().min(1).max(256) });
export const verifyEmailResponse = z.object({ verified: z.literal(true) });
export const resetPasswordRequest = z
  .strictObject({ token: z.string().min(1).max(256), password: passwordRule, confirmPassword: z.string().max(128) })
  .refine(matches, mismatch);
export const signupRequest = z
  .strictObject({
    name: z.string().trim().min(1, 'Name is required').max(200),
    email,
    password: passwordRule,
    confirmPassword: z.string().max(128),
    acceptTerms: z.literal(true, { error: 'You must accept the terms and conditions' }),
  })
  .refine(matches, mismatch);

export const membership = z.object({
  companyId: id,
  companyName: z.string(),
  role: z.enum(['manager', 'user', 'viewer']),
});
export const meResponse = basicInfo.extend({
  platformRole: z.enum(['admin']).nullable(),
  memberships: z.array(membership),
});
export type Me = z.infer<typeof meResponse>;

export const companySummary = z.object({
  id,
  name: z.string(),
  customerType: z.enum(['UKE', 'Mackwell', 'EPS']),
});
export const companiesResponse = z.array(companySummary);
export type CompanySummary = z.infer<typeof companySummary>;
