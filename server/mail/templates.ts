import type { MailMessage } from './mailer';

/** What a mail says; the sender picks the recipient. */
export type MailContent = Omit<MailMessage, 'to'>;

export const signInCodeMail = (code: string): MailContent => ({
  subject: 'Your Sitewatch sign-in code',
  text: `Your Sitewatch sign-in code is ${code}. It is valid for 10 minutes. If you did not try to sign in, change your password.`,
  html: `<p>Your Sitewatch sign-in code is <strong>${code}</strong>.</p><p>It is valid for 10 minutes. If you did not try to sign in, change your password.</p>`,
});

export const resetPasswordMail = (link: string): MailContent => ({
  subject: 'Reset your Sitewatch password',
  text: `Someone asked to reset the password of your Sitewatch account. Open this link within 30 minutes to choose a new one: ${link}\nIf it was not you, ignore this mail.`,
  html: `<p>Someone asked to reset the password of your Sitewatch account.</p><p><a href="${link}">Choose a new password</a> (valid for 30 minutes).</p><p>If it was not you, ignore this mail.</p>`,
});

/** Sent instead of an error, so sign-up cannot be used to probe which emails have accounts. */
export const signupExistingAccountMail = (): MailContent => ({
  subject: 'Someone tried to create a Sitewatch account with your email',
  text: 'Someone tried to create a Sitewatch account with this email address, which already has an account. If it was you, sign in, or use Forgot password to choose a new password. If it was not you, ignore this mail.',
  html: '<p>Someone tried to create a Sitewatch account with this email address, which already has an account.</p><p>If it was you, sign in, or use <em>Forgot password</em> to choose a new password. If it was not you, ignore this mail.</p>',
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** An invitation to a new account: the link is a password-reset link with the longer invitation expiry. */
export const invitationMail = (companyName: string, role: string, link: string, validDays: number): MailContent => ({
  subject: `You are invited to ${companyName} on Sitewatch`,
  text: `You have been invited to join ${companyName} on Sitewatch as a ${role}. Open this link within ${validDays} days to choose your password, then sign in: ${link}\nIf you did not expect this invitation, ignore this mail.`,
  html: `<p>You have been invited to join <strong>${escapeHtml(companyName)}</strong> on Sitewatch as a ${escapeHtml(role)}.</p><p><a href="${link}">Choose your password</a> (valid for ${validDays} days), then sign in.</p><p>If you did not expect this invitation, ignore this mail.</p>`,
});

/** To an account that already has a password: it can act for the company at once. */
export const addedToCompanyMail = (companyName: string, role: string, signInUrl: string): MailContent => ({
  subject: `You now have access to ${companyName} on Sitewatch`,
  text: `You have been added to ${companyName} on Sitewatch as a ${role}. Sign in with your usual password and choose ${companyName} in My Companies: ${signInUrl}`,
  html: `<p>You have been added to <strong>${escapeHtml(companyName)}</strong> on Sitewatch as a ${escapeHtml(role)}.</p><p><a href="${signInUrl}">Sign in</a> with your usual password and choose ${escapeHtml(companyName)} in My Companies.</p>`,
});
