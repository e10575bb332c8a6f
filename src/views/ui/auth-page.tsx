import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { LanguageSelect } from './language-select';
import * as a from './auth.css';

/** A public page: one card centred on the page, with the card's top (logo, language) when given. */
export function AuthPage({ top, children, main = true }: { /** The card's top row (AuthCardTop). */ top?: ReactNode; children: ReactNode; /** False when the page is already inside a main landmark. */ main?: boolean }) {
  const card = (
    <div className={a.card}>
      {top}
      {children}
    </div>
  );
  return main ? (
    <main className={a.page} id="main" tabIndex={-1}>
      {card}
    </main>
  ) : (
    <div className={a.page}>{card}</div>
  );
}

/** The top of the public account cards: the white-label logo (or the name) and the language choice, as on sign-in. */
export function AuthCardTop() {
  const { whiteLabel } = useActors();
  const logo = useSelector(whiteLabel, (st) => st.context.settings.loginLogoUrl);
  return (
    <div className={a.top}>
      {/* no-referrer: the reset page's address carries its token, and a white-label logo may live on another host. */}
      {logo ? (
        <img src={logo} alt={t('app.name')} className={a.logo} referrerPolicy="no-referrer" />
      ) : (
        <span className={a.wordmark}>
          <span aria-hidden="true" className={a.mark}>
            S
          </span>
          {t('app.name')}
        </span>
      )}
      <LanguageSelect />
    </div>
  );
}

/** The card's title and the line under it. */
export function AuthHeading({ title, subtitle, subtitleId }: { title: ReactNode; subtitle?: ReactNode; /** For aria-describedby from a field. */ subtitleId?: string }) {
  return (
    <>
      <h1 className={a.title}>{title}</h1>
      {subtitle && (
        <p className={a.subtitle} id={subtitleId}>
          {subtitle}
        </p>
      )}
    </>
  );
}

/** A paragraph of the card (what happened, what to do next). */
export function AuthText({ children, role }: { children: ReactNode; role?: 'status' }) {
  return (
    <p role={role} className={a.text}>
      {children}
    </p>
  );
}

/** The links or secondary buttons at the foot of the card. */
export function AuthLinks({ children }: { children: ReactNode }) {
  return <div className={a.links}>{children}</div>;
}

/** Other ways in (external providers), under an "or" rule. */
export function AuthAlternatives({ divider, children }: { divider: string; children: ReactNode }) {
  return (
    <div className={a.alternatives}>
      <p className={a.divider}>{divider}</p>
      {children}
    </div>
  );
}
