import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import { homeOf } from '../../machines/session.machine';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { AuthHeading, AuthLinks, AuthPage } from '../ui/auth-page';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { InputField } from '../ui/form-field';

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
  const ids = { error: useId(), hint: useId() };

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
  const shownError = formatError ? t('mfa.codeFormat') : error && t(error.key, error.params);

  return (
    <AuthPage>
      <AuthHeading title={t('mfa.title')} subtitleId={ids.hint} subtitle={<>{t('mfa.intro')} {email && <strong>{email}</strong>}</>} />
      <form onSubmit={onSubmit} noValidate>
        {shownError && (
          <Callout id={ids.error} role="alert" tone="error">
            {shownError}
          </Callout>
        )}
        {info && !shownError && (
          <Callout role="status" tone="success">
            {t(info)}
          </Callout>
        )}
        <InputField
          label={t('mfa.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          describedBy={[ids.hint, shownError && ids.error]}
          serverInvalid={Boolean(shownError)}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
        <Button type="submit" variant="primary" size="lg" block busy={busy}>
          {busy ? t('mfa.verifying') : t('mfa.verify')}
        </Button>
      </form>
      <AuthLinks>
        <Button variant="quiet" size="sm" disabled={busy || wait > 0} onClick={() => session.send({ type: 'session.resend' })}>
          {wait > 0 ? t('mfa.resendIn', { seconds: wait }) : t('mfa.resend')}
        </Button>
        <Button variant="quiet" size="sm" onClick={() => session.send({ type: 'session.cancel' })}>
          {t('mfa.backToSignIn')}
        </Button>
      </AuthLinks>
    </AuthPage>
  );
}
