import { useId, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Redirect, useSearch } from 'wouter';
import { useActors } from '../actors';
import { t, type I18nKey } from '../../i18n';
import { externalLoginMachine } from '../../machines/external-login.machine';
import { homeOf, safeReturnTo } from '../../machines/session.machine';
import type { ExternalProviderId } from '../../api/contract/external-login';
import { AuthAlternatives, AuthCardTop, AuthHeading, AuthLinks, AuthPage } from '../ui/auth-page';
import { Button } from '../ui/button';
import { Callout } from '../ui/callout';
import { CheckboxField, InputField } from '../ui/form-field';

const PROVIDER_KEYS: Record<ExternalProviderId, I18nKey> = {
  facebook: 'signIn.with.facebook',
  google: 'signIn.with.google',
  auth0: 'signIn.with.auth0',
};

export function SignInView() {
  const { session } = useActors();
  const signedIn = useSelector(session, (st) => st.matches('signedIn'));
  const home = useSelector(session, (st) => homeOf(st.context.session));
  const submitting = useSelector(session, (st) => st.matches({ signedOut: 'authenticating' }));
  const error = useSelector(session, (st) => (st.matches('signedOut') ? st.context.error : null));
  const external = useActorRef(externalLoginMachine, { input: { mode: 'buttons' } });
  const providers = useSelector(external, (st) => st.context.providers);
  const redirecting = useSelector(external, (st) => st.matches('redirecting'));
  const externalError = useSelector(external, (st) => st.context.error);
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState(false);
  const errorId = useId();

  if (signedIn) return <Redirect to={home} replace />;

  const returnTo = safeReturnTo(new URLSearchParams(search).get('returnUrl'));
  const missing = touched && (!email.trim() ? t('signIn.emailRequired') : !password ? t('signIn.passwordRequired') : null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!email.trim() || !password) return;
    session.send({ type: 'session.login', email: email.trim(), password, rememberMe, returnTo });
  };

  const shown = missing || (error && t(error.key, error.params)) || (externalError && t(externalError.key, externalError.params));
  return (
    <AuthPage top={<AuthCardTop />}>
      <AuthHeading title={t('signIn.title')} subtitle={t('signIn.subtitle')} />
      <form onSubmit={onSubmit} noValidate aria-describedby={shown ? errorId : undefined}>
        {shown && (
          <Callout id={errorId} role="alert" tone="error">
            {shown}
          </Callout>
        )}
        <InputField label={t('signIn.email')} type="email" autoComplete="username" value={email} onChange={setEmail} maxLength={254} required />
        <InputField label={t('signIn.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} maxLength={128} required />
        <CheckboxField label={t('signIn.rememberMe')} checked={rememberMe} onChange={setRememberMe} />
        <Button type="submit" variant="primary" size="lg" block busy={submitting}>
          {submitting ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
      <AuthLinks>
        <Link href="/forgotpassword">{t('signIn.forgotPassword')}</Link>
        <Link href="/signup">{t('signIn.createAccount')}</Link>
      </AuthLinks>
      {providers.length > 0 && (
        <AuthAlternatives divider={t('signIn.or')}>
          {redirecting && <p role="status">{t('signIn.redirecting')}</p>}
          {providers.map((p) => (
            <Button
              key={p.id}
              variant="secondary"
              size="lg"
              block
              disabled={redirecting}
              onClick={() => external.send({ type: 'external.start', provider: p.id, returnUrl: returnTo ?? undefined, rememberMe })}
            >
              {t(PROVIDER_KEYS[p.id])}
            </Button>
          ))}
        </AuthAlternatives>
      )}
    </AuthPage>
  );
}
