import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link, Redirect, useSearch } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as s from '../shared.css';

export function SignInView() {
  const { session } = useActors();
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const submitting = useSelector(session, (st) => st.matches({ signedOut: 'authenticating' }));
  const error = useSelector(session, (st) => (st.matches('signedOut') ? st.context.error : null));
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = { email: useId(), password: useId(), remember: useId(), error: useId() };

  if (signedIn) return <Redirect to="/" replace />;

  const returnTo = new URLSearchParams(search).get('returnUrl');
  const missing = touched && (!email.trim() ? t('signIn.emailRequired') : !password ? t('signIn.passwordRequired') : null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    session.send({ type: 'session.login', email: email.trim(), password, rememberMe, returnTo: returnTo?.startsWith('/') ? returnTo : null });
  };

  const shown = missing || error?.message;
  return (
    <main className={s.authPage}>
      <div className={s.card}>
        <h1 className={s.title}>{t('signIn.title')}</h1>
        <p className={s.subtitle}>{t('signIn.subtitle')}</p>
        <form onSubmit={onSubmit} noValidate aria-describedby={shown ? ids.error : undefined}>
          {shown && (
            <p id={ids.error} role="alert" className={s.errorText}>
              {shown}
            </p>
          )}
          <div className={s.field}>
            <label className={s.label} htmlFor={ids.email}>{t('signIn.email')}</label>
            <input id={ids.email} className={s.input} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} />
          </div>
          <div className={s.field}>
            <label className={s.label} htmlFor={ids.password}>{t('signIn.password')}</label>
            <input id={ids.password} className={s.input} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required maxLength={128} />
          </div>
          <div className={s.checkboxRow}>
            <input id={ids.remember} type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            <label htmlFor={ids.remember}>{t('signIn.rememberMe')}</label>
          </div>
          <button type="submit" className={s.primaryButton} disabled={submitting}>
            {submitting ? t('signIn.submitting') : t('signIn.submit')}
          </button>
        </form>
        <div className={s.links}>
          <Link href="/forgotpassword">{t('signIn.forgotPassword')}</Link>
          <Link href="/signup">{t('signIn.createAccount')}</Link>
        </div>
      </div>
    </main>
  );
}
