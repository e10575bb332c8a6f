import { useId, useRef, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { t } from '../../i18n';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { AuthCardTop, FocusHeading, TextField, focusFirstInvalid } from '../ui/form-parts';
import * as s from '../shared.css';
import * as a from '../ui/account.css';

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
      <main className={s.authPage} id="main" tabIndex={-1}>
        <div className={s.card}>
          <AuthCardTop />
          <FocusHeading>{t('forgot.sent.title')}</FocusHeading>
          <p role="status" className={a.doneText}>
            {t('forgot.sent.text', { email: email.trim() })}
          </p>
          <Link href={SIGN_IN} className={a.linkButton}>
            {t('account.backToSignIn')}
          </Link>
        </div>
      </main>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'forgot.submit' });
    focusFirstInvalid(formRef.current);
  };

  return (
    <main className={s.authPage} id="main" tabIndex={-1}>
      <div className={s.card}>
        <AuthCardTop />
        <h1 className={s.title}>{t('forgot.title')}</h1>
        <p className={s.subtitle}>{t('forgot.subtitle')}</p>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-busy={busy}>
          {failure && (
            <p id={failureId} role="alert" className={s.errorText}>
              {failure.message}
            </p>
          )}
          <TextField
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            value={email}
            messages={errors.email}
            describedBy={[failure?.field === 'email' && failureId]}
            serverInvalid={failure?.field === 'email'}
            maxLength={254}
            onChange={(value) => actor.send({ type: 'forgot.change', field: 'email', value })}
            onBlur={() => actor.send({ type: 'forgot.blur', field: 'email' })}
          />
          <button type="submit" className={s.primaryButton} disabled={busy}>
            {t('forgot.submit')}
          </button>
        </form>
        <div className={s.links}>
          <Link href={SIGN_IN}>{t('account.backToSignIn')}</Link>
        </div>
      </div>
    </main>
  );
}
