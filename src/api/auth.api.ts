import { z } from 'zod';
import { request } from './client';
import {
  type LoginRequest, companiesResponse, loginResponse, meResponse, sentResponse, session,
  verifyEmailResponse,
  verifyResetTokenResponse,
} from './contract/auth';

const ok = <K extends string>(key: K) => z.object({ [key]: z.literal(true) } as Record<K, z.ZodLiteral<true>>);

export const login = (body: LoginRequest) => request(loginResponse, 'POST', '/api/login', { json: body, isPublic: true });
export const verifyOtp = (body: { mfaToken: string; code: string }) =>
  request(session, 'POST', '/api/verify-opt', { json: body, isPublic: true });
export const resendOtp = (body: { mfaToken: string }) => request(sentResponse, 'POST', '/api/resend-opt', { json: body, isPublic: true });
export const refreshToken = (body: { refreshToken: string; companyId: string | null }) =>
  request(session, 'POST', '/api/refresh-token', { json: body, isPublic: true });
export const logout = () => request(ok('loggedOut'), 'POST', '/api/logout', { json: {} });
export const switchCompany = (companyId: string) => request(session, 'POST', '/api/switch-company', { json: { companyId } });
export const shadowCompany = (companyId: string) => request(session, 'POST', '/api/shadow-company', { json: { companyId } });
export const shadowUser = (userId: string) => request(session, 'POST', '/api/shadow-user', { json: { userId } });
export const exitShadow = () => request(session, 'POST', '/api/exit-shadow', { json: {} });
export const changePassword = (body: { currentPassword: string; password: string; confirmPassword: string }) =>
  request(session, 'POST', '/api/change-password', { json: body });
export const forgotPassword = (email: string) => request(sentResponse, 'POST', '/api/forgot-password', { json: { email }, isPublic: true });
export const verifyResetToken = (token: string) =>
  request(verifyResetTokenResponse, 'POST', '/api/forgot-password/verify-token', { json: { token }, isPublic: true });
export const verifyEmail = (token: string) =>
  request(verifyEmailResponse, 'POST', '/api/verify-email', { json: { token }, isPublic: true });
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  request(ok('reset'), 'POST', '/api/reset-password', { json: body, isPublic: true });
export const signup = (body: { name: string; email: string; password: string; confirmPassword: string; acceptTerms: true }) =>
  request(ok('created'), 'POST', '/api/signup', { json: body, isPublic: true });
export const me = () => request(meResponse, 'GET', '/api/me');
/** Every company of the session (docs/product.md, API conventions: a list; 1,000 is the list's most), for the switcher and the palette. */
export const companies = () => request(companiesResponse, 'GET', '/api/companies', { searchParams: { limit: '1000' } });
