import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { claimsOf, PUBLIC } from '../context';
import { parse } from '../errors';
import { mailLinkBase } from '../auth/passwords.service';
import { requestLanguage } from '../mail/language';
import {
  changePasswordRequest, emptyRequest, forgotPasswordRequest, loginRequest, refreshRequest, resendOtpRequest,
  resetPasswordRequest, shadowCompanyRequest, shadowUserRequest, signupRequest, switchCompanyRequest, verifyEmailRequest,
  verifyOtpRequest, verifyResetTokenRequest,
} from '../../src/api/contract/auth';

export async function authRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { auth, config } = deps;
  const { signIn, sessions, passwords, shadow, profile } = auth;
  const appUrl = mailLinkBase(config);

  app.post('/api/login', PUBLIC, async (req) => ({ data: await signIn.login(parse(loginRequest, req.body), req.ip) }));
  app.post('/api/verify-opt', PUBLIC, async (req) => ({ data: await signIn.verifyOtp(parse(verifyOtpRequest, req.body), req.ip) }));
  app.post('/api/resend-opt', PUBLIC, async (req) => ({ data: await signIn.resendOtp(parse(resendOtpRequest, req.body), req.ip) }));
  app.post('/api/refresh-token', PUBLIC, async (req) => ({ data: await sessions.refresh(parse(refreshRequest, req.body)) }));
  app.post('/api/forgot-password', PUBLIC, async (req) => {
    const { email } = parse(forgotPasswordRequest, req.body);
    return { data: await passwords.forgotPassword(email, req.ip, appUrl) };
  });
  app.post('/api/forgot-password/verify-token', PUBLIC, async (req) => ({
    data: await passwords.verifyResetToken(parse(verifyResetTokenRequest, req.body).token),
  }));
  app.post('/api/reset-password', PUBLIC, async (req) => ({ data: await passwords.resetPassword(parse(resetPasswordRequest, req.body)) }));
  app.post('/api/signup', PUBLIC, async (req, reply) => {
    const data = await passwords.signup(parse(signupRequest, req.body), req.ip, requestLanguage(req.headers));
    return reply.code(201).send({ data });
  });

  app.post('/api/verify-email', PUBLIC, async (req) => ({ data: await passwords.verifyEmail(parse(verifyEmailRequest, req.body).token) }));

  app.post('/api/logout', async (req) => {
    parse(emptyRequest, req.body);
    return { data: await sessions.logout(claimsOf(req)) };
  });
  app.post('/api/change-password', async (req) => ({
    data: await passwords.changePassword(claimsOf(req), parse(changePasswordRequest, req.body)),
  }));
  app.post('/api/switch-company', async (req) => ({
    data: await sessions.switchCompany(claimsOf(req), parse(switchCompanyRequest, req.body).companyId),
  }));
  app.post('/api/shadow-company', async (req) => ({
    data: await shadow.shadowCompany(claimsOf(req), parse(shadowCompanyRequest, req.body).companyId),
  }));
  app.post('/api/shadow-user', async (req) => ({
    data: await shadow.shadowUser(claimsOf(req), parse(shadowUserRequest, req.body).userId),
  }));
  app.post('/api/exit-shadow', async (req) => {
    parse(emptyRequest, req.body);
    return { data: await shadow.exitShadow(claimsOf(req)) };
  });
  app.get('/api/me', async (req) => ({ data: await profile.me(claimsOf(req)) }));
}
