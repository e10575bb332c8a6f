import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { t } from '../../i18n';
import { FocusHeading } from './form-parts';
import { AuthCardTop, AuthHeading, AuthLinks, AuthPage, AuthText } from './auth-page';
import { Button, ButtonLink } from './button';
import { Callout } from './callout';
import { LoadingState } from './states';

const SIGN_IN = '/Identity/Account/Login';

/** The card every page a mailed link opens sits in (reset password, confirm email). */
export function MailedLinkPage({ children }: { children: ReactNode }) {
  return <AuthPage top={<AuthCardTop />}>{children}</AuthPage>;
}

/** The link is being checked with the server. */
export function LinkChecking({ title, label }: { title: string; label: string }) {
  return (
    <MailedLinkPage>
      <AuthHeading title={title} />
      <LoadingState variant="inline" label={label} />
    </MailedLinkPage>
  );
}

/** The check itself failed (network, server): say so, and offer Try again. */
export function LinkCheckFailed({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <MailedLinkPage>
      <AuthHeading title={title} />
      <Callout role="alert" tone="error">
        {message}
      </Callout>
      <Button variant="primary" size="lg" block onClick={onRetry}>
        {t('reset.retry')}
      </Button>
    </MailedLinkPage>
  );
}

/** A used, expired or unknown link: why, the way to a new one, and back to sign-in. */
export function LinkInvalid({ title, text, again }: { title: string; text: string; again: { href: string; label: string } }) {
  return (
    <MailedLinkPage>
      <FocusHeading>{title}</FocusHeading>
      <Callout role="alert" tone="error">
        {text}
      </Callout>
      <ButtonLink href={again.href} variant="primary" size="lg" block>
        {again.label}
      </ButtonLink>
      <AuthLinks>
        <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
      </AuthLinks>
    </MailedLinkPage>
  );
}

/** The link did its job: what happened, and on to sign-in. */
export function LinkDone({ title, text, signIn }: { title: string; text: string; signIn: string }) {
  return (
    <MailedLinkPage>
      <FocusHeading>{title}</FocusHeading>
      <AuthText role="status">{text}</AuthText>
      <ButtonLink href={SIGN_IN} variant="primary" size="lg" block>
        {signIn}
      </ButtonLink>
    </MailedLinkPage>
  );
}
