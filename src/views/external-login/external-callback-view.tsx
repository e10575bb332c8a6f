import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useSearch } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { externalLoginMachine } from '../../machines/external-login.machine';
import * as s from '../shared.css';

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

  const message = providerError ?? (failed ? error : null) ?? (!code || !state ? t('external.missing') : null);
  return (
    <main className={s.authPage} id="main" tabIndex={-1}>
      <div className={s.card}>
        <h1 className={s.title}>{t('external.title')}</h1>
        {message ? (
          <>
            <p role="alert" className={s.errorText}>
              {t('external.failed')} {message}
            </p>
            <Link href="/Identity/Account/Login">{t('external.backToSignIn')}</Link>
          </>
        ) : (
          <p role="status">{t('external.working')}</p>
        )}
      </div>
    </main>
  );
}
