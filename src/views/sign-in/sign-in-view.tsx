import { useId, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Redirect, useSearch } from 'wouter';
import { useActors } from '../actors';
import { t, type I18nKey } from '../../i18n';
import { externalLoginMachine } from '../../machines/external-login.machine';
import { homeOf, safeReturnTo } from '../../machines/session.machine';
import type { ExternalProviderId } from '../../api/contract/external-login';
import { LanguageSelect } from '../ui/language-select';
import * as s from '../shared.css';

const PROVIDER_KEYS: Record<ExternalProviderId, I18nKey> = {
  facebook: 'signIn.with.facebook',
  google: 'signIn.with.google',
  auth0: 'signIn.with.auth0',
};

export function SignInView() {
  const { session, whiteLabel } = useActors();
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const home = useSelector(session, (st) => homeOf(st.context.session));
  const submitting = useSelector(session, (st) => st.matches({ signedOut: 'authenticating' }));
  const error = useSelector(session, (st) => (st.matches('signedOut') ? st.context.error : null));
  const logo = useSelector(whiteLabel, (st) => st.context.settings.loginLogoUrl);
  const external = useActorRef(externalLoginMachine, { input: { mode: 'buttons' } });
  const providers = useSelector(external, (st) => st.context.providers);
  const redirecting = useSelector(external, (st) => st.matches('redirecting'));
  const externalError = useSelector(external, (st) => st.context.error);
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = { email: useId(), password: useId(), remember: useId(), error: useId() };

  if (signedIn) return <Redirect to={home} replace />;

  const returnTo = safeReturnTo(new URLSearchParams(search).get('returnUrl'));
  const missing = touched && (!email.trim() ? t('signIn.emailRequired') : !password ? t('signIn.passwordRequired') : null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    session.send({ type: 'session.login', email: email.trim(), password, rememberMe, returnTo });
  };

  const shown = missing || error?.message || externalError;
  return (
    <main className={s.authPage} id="main" tabIndex={-1}>
      <div className={s.card}>
        <div className={s.cardTop}>
          {logo ? <img src={logo} alt={t('app.name')} className={s.loginLogo} /> : <span className={s.wordmark}>{t('app.name')}</span>}
          <LanguageSelect />
        </div>
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
        {providers.length > 0 && (
          <div className={s.external}>
            <p className={s.divider}>{t('signIn.or')}</p>
            {redirecting && <p role="status">{t('signIn.redirecting')}</p>}
            {providers.map((p) => (
              <button
                key={p.id}
                type="button"
                className={s.secondaryButton}
                disabled={redirecting}
                onClick={() => external.send({ type: 'external.start', provider: p.id, returnUrl: returnTo ?? undefined, rememberMe })}
              >
                {t(PROVIDER_KEYS[p.id])}
              </button>
            ))}
          </div>
        )}
      </div>
    </main>
  );
}
