import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '../../i18n';
import { resetPasswordMachine, type ResetField } from '../../machines/reset-password.machine';
import { NewPasswordFields, accountFields, focusFirstInvalid } from '../ui/form-parts';
import { AuthHeading, AuthLinks } from '../ui/auth-page';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { LinkCheckFailed, LinkChecking, LinkDone, LinkInvalid, MailedLinkPage } from '../ui/mailed-link-pages';

const SIGN_IN = '/Identity/Account/Login';

export function ResetPasswordView() {
  const search = useSearch();
  const actor = useActorRef(resetPasswordMachine, { input: { token: new URLSearchParams(search).get('token') } });
  const phase = useSelector(actor, (st) =>
    st.matches('verifying') ? 'verifying' : st.matches('verifyFailed') ? 'verifyFailed' : st.matches('invalid') ? 'invalid' : st.matches('done') ? 'done' : 'form',
  );
  const busy = useSelector(actor, (st) => st.matches('submitting'));
  const values = useSelector(actor, (st) => st.context.form.values);
  const errors = useSelector(actor, (st) => st.context.form.errors);
  const failure = useSelector(actor, (st) => (st.matches({ editing: 'failed' }) ? st.context.form.failure : null));
  const verifyFailure = useSelector(actor, (st) => st.context.verifyFailure);
  const unmet = useSelector(actor, (st) => st.context.unmet);
  const ids = { rule: useId(), failure: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  if (phase === 'verifying') return <LinkChecking title={t('reset.title')} label={t('reset.checking')} />;
  if (phase === 'verifyFailed') {
    return <LinkCheckFailed title={t('reset.title')} message={t('reset.checkFailed', { message: verifyFailure ? t(verifyFailure.key, verifyFailure.params) : '' })} onRetry={() => actor.send({ type: 'reset.retry' })} />;
  }
  if (phase === 'invalid') {
    return <LinkInvalid title={t('reset.invalid.title')} text={t('reset.invalid.text')} again={{ href: '/forgotpassword', label: t('reset.invalid.again') }} />;
  }
  if (phase === 'done') return <LinkDone title={t('reset.done.title')} text={t('reset.done.text')} signIn={t('reset.done.signIn')} />;


  const field = accountFields<ResetField>({
    values,
    errors,
    failure,
    failureId: ids.failure,
    change: (f, value) => actor.send({ type: 'reset.change', field: f, value }),
    blur: (f) => actor.send({ type: 'reset.blur', field: f }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reset.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <MailedLinkPage>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {failure && (
          <Callout id={ids.failure} role="alert" tone="error">
            {t(failure.key, failure.params)}
          </Callout>
        )}
        <NewPasswordFields labels={{ password: t('reset.password'), confirm: t('reset.confirmPassword') }} field={field} ruleId={ids.rule} unmet={unmet} />
        <Button type="submit" variant="primary" size="lg" block busy={busy}>
          {t('reset.submit')}
        </Button>
      </form>
      <AuthLinks>
        <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
      </AuthLinks>
    </MailedLinkPage>
  );
}
