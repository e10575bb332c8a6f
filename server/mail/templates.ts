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
