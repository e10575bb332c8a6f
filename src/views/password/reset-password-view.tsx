import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { t } from '../../i18n';
import { resetPasswordMachine, type ResetField } from '../../machines/reset-password.machine';
import { AuthCardTop, FocusHeading, NewPasswordFields, focusFirstInvalid } from '../ui/form-parts';
import * as s from '../shared.css';
import * as a from '../ui/account.css';

const SIGN_IN = '/Identity/Account/Login';

function Page({ children }: { children: ReactNode }) {
  return (
    <main className={s.authPage} id="main" tabIndex={-1}>
      <div className={s.card}>
        <AuthCardTop />
        {children}
      </div>
    </main>
  );
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
        <h1 className={s.title}>{t('reset.title')}</h1>
        <p role="status" className={s.subtitle}>
          {t('reset.checking')}
        </p>
      </Page>
    );
  }
  if (phase === 'verifyFailed') {
    return (
      <Page>
        <h1 className={s.title}>{t('reset.title')}</h1>
        <p role="alert" className={s.errorText}>
          {t('reset.checkFailed', { message: verifyFailure?.message ?? '' })}
        </p>
        <button type="button" className={s.primaryButton} onClick={() => actor.send({ type: 'reset.retry' })}>
          {t('reset.retry')}
        </button>
      </Page>
    );
  }
  if (phase === 'invalid') {
    return (
      <Page>
        <FocusHeading>{t('reset.invalid.title')}</FocusHeading>
        <p role="alert" className={s.errorText}>
          {t('reset.invalid.text')}
        </p>
        <Link href="/forgotpassword" className={a.linkButton}>
          {t('reset.invalid.again')}
        </Link>
        <div className={s.links}>
          <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
        </div>
      </Page>
    );
  }
  if (phase === 'done') {
    return (
      <Page>
        <FocusHeading>{t('reset.done.title')}</FocusHeading>
        <p role="status" className={a.doneText}>
          {t('reset.done.text')}
        </p>
        <Link href={SIGN_IN} className={a.linkButton}>
          {t('reset.done.signIn')}
        </Link>
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
      <h1 className={s.title}>{t('reset.title')}</h1>
      <p className={s.subtitle}>{t('reset.subtitle')}</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
        {failure && (
          <p id={ids.failure} role="alert" className={s.errorText}>
            {failure.message}
          </p>
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
        <button type="submit" className={s.primaryButton} disabled={busy}>
          {t('reset.submit')}
        </button>
      </form>
      <div className={s.links}>
        <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
      </div>
    </Page>
  );
}
