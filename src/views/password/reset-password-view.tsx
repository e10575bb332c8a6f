import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '../../i18n';
import { resetPasswordMachine, type ResetField } from '../../machines/reset-password.machine';
import { AuthCardTop, FocusHeading, NewPasswordFields, focusFirstInvalid } from '../ui/form-parts';
import { AuthHeading, AuthLinks, AuthPage, AuthText } from '../ui/auth-page';
import { Button, ButtonLink } from '../ui/button';
import { Callout } from '../ui/callout';
import { LoadingState } from '../ui/states';

const SIGN_IN = '/Identity/Account/Login';

function Page({ children }: { children: ReactNode }) {
  return <AuthPage top={<AuthCardTop />}>{children}</AuthPage>;
}

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

  if (phase === 'verifying') {
    return (
      <Page>
        <AuthHeading title={t('reset.title')} />
        <LoadingState variant="inline" label={t('reset.checking')} />
      </Page>
    );
  }
  if (phase === 'verifyFailed') {
    return (
      <Page>
        <AuthHeading title={t('reset.title')} />
        <Callout role="alert" tone="error">
          {t('reset.checkFailed', { message: verifyFailure?.message ?? '' })}
        </Callout>
        <Button variant="primary" size="lg" block onClick={() => actor.send({ type: 'reset.retry' })}>
          {t('reset.retry')}
        </Button>
      </Page>
    );
  }
  if (phase === 'invalid') {
    return (
      <Page>
        <FocusHeading>{t('reset.invalid.title')}</FocusHeading>
        <Callout role="alert" tone="error">
          {t('reset.invalid.text')}
        </Callout>
        <ButtonLink href="/forgotpassword" variant="primary" size="lg" block>
          {t('reset.invalid.again')}
        </ButtonLink>
        <AuthLinks>
          <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
        </AuthLinks>
      </Page>
    );
  }
  if (phase === 'done') {
    return (
      <Page>
        <FocusHeading>{t('reset.done.title')}</FocusHeading>
        <AuthText role="status">{t('reset.done.text')}</AuthText>
        <ButtonLink href={SIGN_IN} variant="primary" size="lg" block>
          {t('reset.done.signIn')}
        </ButtonLink>
      </Page>
    );
  }

  const change = (field: ResetField) => (value: string) => actor.send({ type: 'reset.change', field, value });
  const blur = (field: ResetField) => () => actor.send({ type: 'reset.blur', field });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reset.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <Page>
      <AuthHeading title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {failure && (
          <Callout id={ids.failure} role="alert" tone="error">
            {failure.message}
          </Callout>
        )}
        <NewPasswordFields
          labels={{ password: t('reset.password'), confirm: t('reset.confirmPassword') }}
          values={values}
          errors={errors}
          ruleId={ids.rule}
          unmet={unmet}
          blamed={(field) => failure?.field === field && ids.failure}
          failureField={failure?.field}
          onChange={change}
          onBlur={blur}
        />
        <Button type="submit" variant="primary" size="lg" block busy={busy}>
          {t('reset.submit')}
        </Button>
      </form>
      <AuthLinks>
        <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
      </AuthLinks>
    </Page>
  );
}
