import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';
import { ShadowBanner } from './shadow-banner';
import { ModalHost } from './dialogs';
import * as f from './frame.css';

/** The dashboard frame every signed-in page lives in. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { layout } = useActors();
  const [location] = useLocation();
  useEffect(() => {
    layout.send({ type: 'layout.route', path: location });
  }, [layout, location]);
  return (
    <div className={f.frame}>
      <a href="#main" className={f.skipLink}>
        {t('app.skipToMain')}
      </a>
      <Sidebar />
      <div className={f.column}>
        <Topbar />
        <ShadowBanner />
        <main id="main" tabIndex={-1} className={f.main}>
          {children}
        </main>
        <footer className={f.footer}>{t('footer.poweredBy', { provider: t('footer.provider') })}</footer>
      </div>
      <ModalHost />
    </div>
  );
}
