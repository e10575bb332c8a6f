import { Link } from 'wouter';
import { t } from '../../i18n';
import * as s from '../shared.css';

export function NotFoundView() {
  return (
    <main className={s.authPage}>
      <div className={s.card}>
        <h1 className={s.title}>{t('notFound.title')}</h1>
        <p className={s.subtitle}>{t('notFound.body')}</p>
        <Link href="/" className={s.primaryButton} style={{ display: 'grid', placeItems: 'center', textDecoration: 'none' }}>
          {t('error.backHome')}
        </Link>
      </div>
    </main>
  );
}

export function MaintenanceView() {
  return (
    <main className={s.authPage}>
      <div className={s.card}>
        <h1 className={s.title}>{t('maintenance.title')}</h1>
        <p className={s.subtitle}>{t('maintenance.body')}</p>
        <Link href="/" className={s.primaryButton} style={{ display: 'grid', placeItems: 'center', textDecoration: 'none' }}>
          {t('error.backHome')}
        </Link>
      </div>
    </main>
  );
}
