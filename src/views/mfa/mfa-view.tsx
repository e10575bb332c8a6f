import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { homeOf } from '../../machines/session.machine';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as s from '../shared.css';

/** Seconds left until `at`, re-rendered each second: display only, the machine guards the rule. */
function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

export function MfaView() {
  const { session } = useActors();
  const inMfa = useSelector(session, (st) => st.matches('mfa'));
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const home = useSelector(session, (st) => homeOf(st.context.session));
  const busy = useSelector(session, (st) => st.matches({ mfa: 'verifying' }) || st.matches({ mfa: 'resending' }));
  const error = useSelector(session, (st) => st.context.error);
  const info = useSelector(session, (st) => st.context.info);
  const resendAt = useSelector(session, (st) => st.context.resendAvailableAt);
  const email = useSelector(session, (st) => st.context.mfa?.email ?? '');
  const wait = useSecondsUntil(resendAt);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const ids = { code: useId(), error: useId(), hint: useId() };

  if (signedIn) return <Redirect to={home} replace />;
  if (!inMfa) return <Redirect to="/Identity/Account/Login" replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    session.send({ type: 'session.verify', code });
  };
  const shownError = formatError ? t('mfa.codeFormat') : error?.message;

  return (
    <main className={s.authPage}>
      <div className={s.card}>
        <h1 className={s.title}>{t('mfa.title')}</h1>
        <p className={s.subtitle} id={ids.hint}>
          {t('mfa.intro')} {email && <strong>{email}</strong>}
        </p>
        <form onSubmit={onSubmit} noValidate>
          {shownError && (
            <p id={ids.error} role="alert" className={s.errorText}>
              {shownError}
            </p>
          )}
          {info && !shownError && (
            <p role="status" className={s.infoText}>
              {t(info)}
            </p>
          )}
          <div className={s.field}>
            <label className={s.label} htmlFor={ids.code}>{t('mfa.code')}</label>
            <input
              id={ids.code}
              className={s.input}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={code}
              aria-describedby={shownError ? `${ids.hint} ${ids.error}` : ids.hint}
              aria-invalid={Boolean(shownError)}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              autoFocus
            />
          </div>
          <button type="submit" className={s.primaryButton} disabled={busy}>
            {busy ? t('mfa.verifying') : t('mfa.verify')}
          </button>
        </form>
        <div className={s.links}>
          <button type="button" className={s.secondaryButton} disabled={busy || wait > 0} onClick={() => session.send({ type: 'session.resend' })}>
            {wait > 0 ? t('mfa.resendIn', { seconds: wait }) : t('mfa.resend')}
          </button>
          <button type="button" className={s.secondaryButton} onClick={() => session.send({ type: 'session.cancel' })}>
            {t('mfa.backToSignIn')}
          </button>
        </div>
      </div>
    </main>
  );
}
