import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { Sidebar } from './sidebar';
import { Topbar } from './topbar';
import { ShadowBanner } from './shadow-banner';
import { ModalHost } from './dialogs';
import * as f from './frame.css';

let lastPath: string | null = null;

/**
 * The dashboard frame every signed-in page lives in. `overlay` is what floats above every page (the command
 * palette); the router composes it, so the frame knows no other screen.
 */
export function AppFrame({ children, overlay }: { children: ReactNode; overlay?: ReactNode }) {
  const { layout } = useActors();
  const [location] = useLocation();
  useEffect(() => {
    layout.send({ type: 'layout.route', path: location });
  }, [layout, location]);
  // A route change moves focus to the new page's main heading (pages load lazily: wait for it, briefly), so keyboard
  // and screen-reader users start at the top of what changed. The first page keeps the browser's focus.
  useEffect(() => {
    // Each route mounts its own frame, so the last path is remembered across mounts.
    const previous = lastPath;
    lastPath = location;
    if (previous === null || previous === location) return;
    let frame = 0;
    let tries = 0;
    const focusHeading = () => {
      const h = document.querySelector<HTMLElement>('main h1');
      if (!h) return false;
      if (!h.hasAttribute('tabindex')) h.tabIndex = -1;
      h.focus();
      return true;
    };
    const wait = () => {
      if (!focusHeading() && tries++ < 120) frame = requestAnimationFrame(wait);
    };
    frame = requestAnimationFrame(wait);
    // A page that swaps its loading heading for the real one would drop focus to the body: follow it for a moment.
    const main = document.getElementById('main');
    const watch = new MutationObserver(() => {
      if (document.activeElement === document.body || !document.activeElement) focusHeading();
    });
    if (main) watch.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => watch.disconnect(), 3000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(stop);
      watch.disconnect();
    };
  }, [location]);
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
      {overlay}
    </div>
  );
}
