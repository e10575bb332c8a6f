import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import * as s from '../shared.css';
import * as h from './home.css';

/** The dashboard; the sensor overview comes with the monitoring core. */
export function HomeView() {
  const { session } = useActors();
  const info = useSelector(session, (st) => st.context.session?.basicInfo);
  const company = useSelector(session, (st) => st.context.session?.companyName ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  if (!info || !role) return null;
  return (
    <section className={h.content} aria-labelledby="page-title">
      <h1 id="page-title" className={s.title}>{t('home.title')}</h1>
      <div className={h.card}>
        <p>{t('home.signedInAs', { name: info.name, email: info.email })}</p>
        <p>{company ? t('home.company', { company }) : t('home.noCompany')}</p>
        <p>{t('home.role', { role: t(`role.${role}`) })}</p>
      </div>
    </section>
  );
}
