import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as s from '../shared.css';
import * as h from './home.css';

export function HomeView() {
  const { session } = useActors();
  const info = useSelector(session, (st) => st.context.session?.basicInfo);
  const company = useSelector(session, (st) => st.context.session?.companyName ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  const shadow = useSelector(session, (st) => st.context.session?.shadow ?? null);
  const leaving = useSelector(session, (st) => st.matches('loggingOut'));
  if (!info || !role) return null;
  return (
    <main className={h.page} id="main" tabIndex={-1}>
      <header className={h.bar}>
        <span className={h.brand}>{t('app.name')}</span>
        <button type="button" className={s.secondaryButton} disabled={leaving} onClick={() => session.send({ type: 'session.logout' })}>
          {t('session.logout')}
        </button>
      </header>
      <section className={h.content} aria-labelledby="home-title">
        <h1 id="home-title" className={s.title}>{t('home.title')}</h1>
        {shadow && (
          <p role="status" className={h.banner}>
            {t('home.shadowing', { name: shadow.name, actor: shadow.actorName })}
          </p>
        )}
        <p>{t('home.signedInAs', { name: info.name, email: info.email })}</p>
        <p>{company ? t('home.company', { company }) : t('home.noCompany')}</p>
        <p>{t('home.role', { role: t(`role.${role}`) })}</p>
      </section>
    </main>
  );
}
