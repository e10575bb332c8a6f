import { useActorRef, useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { t } from '../../i18n';
import { verifyEmailMachine } from '../../machines/verify-email.machine';
import { LinkCheckFailed, LinkChecking, LinkDone, LinkInvalid } from '../ui/mailed-link-pages';

/** The page the sign-up's mailed link opens: it confirms the address, then sends the person to sign in. */
export function VerifyEmailView() {
  const search = useSearch();
  const actor = useActorRef(verifyEmailMachine, { input: { token: new URLSearchParams(search).get('token') } });
  const phase = useSelector(actor, (st) => (st.matches('checking') ? 'checking' : st.matches('failed') ? 'failed' : st.matches('invalid') ? 'invalid' : 'verified'));
  const failure = useSelector(actor, (st) => st.context.failure);

  if (phase === 'checking') return <LinkChecking title={t('verifyEmail.title')} label={t('verifyEmail.checking')} />;
  if (phase === 'failed') {
    return <LinkCheckFailed title={t('verifyEmail.title')} message={t('verifyEmail.checkFailed', { message: failure ? t(failure.key, failure.params) : '' })} onRetry={() => actor.send({ type: 'verify.retry' })} />;
  }
  if (phase === 'invalid') {
    return <LinkInvalid title={t('verifyEmail.invalid.title')} text={t('verifyEmail.invalid.text')} again={{ href: '/signup', label: t('verifyEmail.invalid.again') }} />;
  }
  return <LinkDone title={t('verifyEmail.done.title')} text={t('verifyEmail.done.text')} signIn={t('signUp.done.signIn')} />;
}
