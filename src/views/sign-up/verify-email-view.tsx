import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '../../i18n';
import { verifyEmailMachine } from '../../machines/verify-email.machine';
import { AuthCardTop, FocusHeading } from '../ui/form-parts';
import { AuthHeading, AuthLinks, AuthPage, AuthText } from '../ui/auth-page';
import { Button, ButtonLink } from '../ui/button';
import { Callout } from '../ui/callout';
import { LoadingState } from '../ui/states';

const SIGN_IN = '/Identity/Account/Login';

function Page({ children }: { children: ReactNode }) {
  return <AuthPage top={<AuthCardTop />}>{children}</AuthPage>;
}

/** The page the sign-up's mailed link opens: it confirms the address, then sends the person to sign in. */
export function VerifyEmailView() {
  const search = useSearch();
  const actor = useActorRef(verifyEmailMachine, { input: { token: new URLSearchParams(search).get('token') } });
  const phase = useSelector(actor, (st) => (st.matches('checking') ? 'checking' : st.matches('failed') ? 'failed' : st.matches('invalid') ? 'invalid' : 'verified'));
  const failure = useSelector(actor, (st) => st.context.failure);

  if (phase === 'checking') {
    return (
      <Page>
        <AuthHeading title={t('verifyEmail.title')} />
        <LoadingState variant="inline" label={t('verifyEmail.checking')} />
      </Page>
    );
  }
  if (phase === 'failed') {
    return (
      <Page>
        <AuthHeading title={t('verifyEmail.title')} />
        <Callout role="alert" tone="error">
          {t('verifyEmail.checkFailed', { message: failure?.message ?? '' })}
        </Callout>
        <Button variant="primary" size="lg" block onClick={() => actor.send({ type: 'verify.retry' })}>
          {t('reset.retry')}
        </Button>
      </Page>
    );
  }
  if (phase === 'invalid') {
    return (
      <Page>
        <FocusHeading>{t('verifyEmail.invalid.title')}</FocusHeading>
        <Callout role="alert" tone="error">
          {t('verifyEmail.invalid.text')}
        </Callout>
        <ButtonLink href="/signup" variant="primary" size="lg" block>
          {t('verifyEmail.invalid.again')}
        </ButtonLink>
        <AuthLinks>
          <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
        </AuthLinks>
      </Page>
    );
  }
  return (
    <Page>
      <FocusHeading>{t('verifyEmail.done.title')}</FocusHeading>
      <AuthText>{t('verifyEmail.done.text')}</AuthText>
      <ButtonLink href={SIGN_IN} variant="primary" size="lg" block>
        {t('signUp.done.signIn')}
      </ButtonLink>
    </Page>
  );
}
