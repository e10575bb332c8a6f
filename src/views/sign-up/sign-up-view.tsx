import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { t } from '../../i18n';
import { signUpMachine, type SignUpField } from '../../machines/sign-up.machine';
import { FieldMessages, FocusHeading, NewPasswordFields, TextField, accountFields, focusFirstInvalid } from '../ui/form-parts';
import { AuthCardTop, AuthHeading, AuthLinks, AuthPage, AuthText } from '../ui/auth-page';
import { Button, ButtonLink } from '../ui/button';
import { Callout } from '../ui/callout';
import * as a from '../ui/account.css';

const SIGN_IN = '/Identity/Account/Login';

export function SignUpView() {
  const actor = useActorRef(signUpMachine);
  const created = useSelector(actor, (st) => st.matches('created'));
  const busy = useSelector(actor, (st) => st.matches('submitting'));
  const values = useSelector(actor, (st) => st.context.form.values);
  const errors = useSelector(actor, (st) => st.context.form.errors);
  const failure = useSelector(actor, (st) => (st.matches({ editing: 'failed' }) ? st.context.form.failure : null));
  const unmet = useSelector(actor, (st) => st.context.unmet);
  const ids = { rule: useId(), failure: useId(), terms: useId(), termsErrors: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  if (created) {
    return (
      <AuthPage top={<AuthCardTop />}>
        <FocusHeading>{t('signUp.done.title')}</FocusHeading>
        <AuthText role="status">{t('signUp.done.text')}</AuthText>
        <ButtonLink href={SIGN_IN} variant="primary" size="lg" block>
          {t('signUp.done.signIn')}
        </ButtonLink>
      </AuthPage>
    );
  }

  const field = accountFields<SignUpField>({
    values,
    errors,
    failure,
    failureId: ids.failure,
    change: (f, value) => f !== 'acceptTerms' && actor.send({ type: 'signup.change', field: f, value }),
    blur: (f) => actor.send({ type: 'signup.blur', field: f }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'signup.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <AuthPage top={<AuthCardTop />}>
        <AuthHeading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
          {failure && (
            <Callout id={ids.failure} role="alert" tone="error">
              {t(failure.key, failure.params)}
            </Callout>
          )}
          <TextField label={t('signUp.name')} autoComplete="name" maxLength={200} {...field('name')} />
          <TextField label={t('signUp.email')} type="email" autoComplete="email" maxLength={254} {...field('email')} />
          <NewPasswordFields labels={{ password: t('signUp.password'), confirm: t('signUp.confirmPassword') }} field={field} ruleId={ids.rule} unmet={unmet} />
          <div className={a.checkboxField}>
            <div className={a.checkboxRow}>
              <input
                id={ids.terms}
                type="checkbox"
                className={a.checkbox}
                checked={values.acceptTerms}
                aria-invalid={Boolean(errors.acceptTerms?.length)}
                aria-describedby={errors.acceptTerms?.length ? ids.termsErrors : undefined}
                onChange={(e) => actor.send({ type: 'signup.change', field: 'acceptTerms', value: e.target.checked })}
                onBlur={() => actor.send({ type: 'signup.blur', field: 'acceptTerms' })}
              />
              <label htmlFor={ids.terms}>{t('signUp.acceptTerms')}</label>
            </div>
            <FieldMessages id={ids.termsErrors} messages={errors.acceptTerms} />
          </div>
          <Button type="submit" variant="primary" size="lg" block busy={busy}>
            {t('signUp.submit')}
          </Button>
        </form>
        <AuthLinks>
          <Link href={SIGN_IN}>{t('signUp.haveAccount')}</Link>
        </AuthLinks>
    </AuthPage>
  );
}
