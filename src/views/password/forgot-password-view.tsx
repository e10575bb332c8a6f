import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { t } from '../../i18n';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { FocusHeading, TextField, accountFields, focusFirstInvalid } from '../ui/form-parts';
import { AuthCardTop, AuthHeading, AuthLinks, AuthPage, AuthText } from '../ui/auth-page';
import { Button, ButtonLink } from '../ui/button';
import { Callout } from '../ui/callout';

const SIGN_IN = '/Identity/Account/Login';

export function ForgotPasswordView() {
  const actor = useActorRef(forgotPasswordMachine);
  const sent = useSelector(actor, (st) => st.matches('sent'));
  const busy = useSelector(actor, (st) => st.matches('sending'));
  const email = useSelector(actor, (st) => st.context.form.values.email);
  const errors = useSelector(actor, (st) => st.context.form.errors);
  const failure = useSelector(actor, (st) => (st.matches({ editing: 'failed' }) ? st.context.form.failure : null));
  const failureId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  if (sent) {
    return (
      <AuthPage top={<AuthCardTop />}>
        <FocusHeading>{t('forgot.sent.title')}</FocusHeading>
        <AuthText role="status">{t('forgot.sent.text', { email: email.trim() })}</AuthText>
        <ButtonLink href={SIGN_IN} variant="primary" size="lg" block>
          {t('account.backToSignIn')}
        </ButtonLink>
      </AuthPage>
    );
  }

  const field = accountFields<'email'>({
    values: { email },
    errors,
    failure,
    failureId,
    change: (f, value) => actor.send({ type: 'forgot.change', field: f, value }),
    blur: (f) => actor.send({ type: 'forgot.blur', field: f }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'forgot.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <AuthPage top={<AuthCardTop />}>
        <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
          {failure && (
            <Callout id={failureId} role="alert" tone="error">
              {t(failure.key, failure.params)}
            </Callout>
          )}
          <TextField label={t('forgot.email')} type="email" autoComplete="email" maxLength={254} {...field('email')} />
          <Button type="submit" variant="primary" size="lg" block busy={busy}>
            {t('forgot.submit')}
          </Button>
        </form>
        <AuthLinks>
          <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
        </AuthLinks>
    </AuthPage>
  );
}
