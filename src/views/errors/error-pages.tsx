import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { t, type I18nKey } from '../../i18n';
import * as s from '../shared.css';

const backHome = { display: 'grid', placeItems: 'center', textDecoration: 'none' } as const;

function Message({ title, body, action }: { title: I18nKey; body: I18nKey; action?: ReactNode }) {
  return (
    <main className={s.authPage} id="main" tabIndex={-1}>
      <div className={s.card}>
        <h1 className={s.title}>{t(title)}</h1>
        <p className={s.subtitle}>{t(body)}</p>
        {action ?? (
          <Link href="/" className={s.primaryButton} style={backHome}>
            {t('error.backHome')}
          </Link>
        )}
      </div>
    </main>
  );
}

export const NotFoundView = () => <Message title="notFound.title" body="notFound.body" />;
export const ServerErrorView = () => <Message title="serverError.title" body="serverError.body" />;
export const MaintenanceView = () => <Message title="maintenance.title" body="maintenance.body" />;

/** SPEC §2: when a page's code fails to load, say so and offer a working reload. */
export class LoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={s.card} style={{ margin: '2rem auto' }}>
        <p>{t('loadFailed.message')}</p>
        <button type="button" className={s.primaryButton} onClick={() => window.location.reload()}>
          {t('loadFailed.reload')}
        </button>
      </div>
    );
  }
}
