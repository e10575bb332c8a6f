import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { externalLoginMachine } from '../../machines/external-login.machine';
import { AuthHeading, AuthLinks, AuthPage } from '../ui/auth-page';
import { Callout } from '../ui/callout';
import { LoadingState } from '../ui/states';

/** /auth0loginCallback: hands the identity provider's answer to the server, which exchanges the code. */
export function ExternalCallbackView() {
  const { session } = useActors();
  const external = useActorRef(externalLoginMachine, { input: { mode: 'callback', session } });
  const failed = useSelector(external, (st) => st.matches('failed'));
  const error = useSelector(external, (st) => st.context.error);
  const search = useSearch();
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error_description') ?? params.get('error');

  useEffect(() => {
    // The query string is the event's payload; sending it once on arrival is the whole job of this page.
    if (code && state) external.send({ type: 'external.finish', code, state, iss: params.get('iss') ?? undefined });
  }, [external]);

  const message = providerError ?? (failed && error ? t(error.key, error.params) : null) ?? (!code || !state ? t('external.missing') : null);
  return (
    <AuthPage>
      <AuthHeading title={t('external.title')} />
      {message ? (
        <>
          <Callout role="alert" tone="error">
            {t('external.failed')} {message}
          </Callout>
          <AuthLinks>
            <Link href="/Identity/Account/Login">{t('external.backToSignIn')}</Link>
          </AuthLinks>
        </>
      ) : (
        <LoadingState variant="inline" label={t('external.working')} />
      )}
    </AuthPage>
  );
}
