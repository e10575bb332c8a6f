import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { GROUP_KEYS, sidebarFor, type NavCommand } from '../../machines/commands';
import { Icon } from '../ui/icons';
import * as f from './frame.css';
import * as au from '../ui/auth.css';

/**
 * The sidebar: entries of the role, grouped; the last path segment marks the active one. Collapsed (a tablet) it shows
 * the pictures alone, each link named by its label, which is also its tooltip.
 */
export function Sidebar() {
  const { session, layout, whiteLabel } = useActors();
  const role = useSelector(session, (s) => s.context.session?.role ?? 'viewer');
  const current = useSelector(layout, (s) => s.context.current[0]);
  const collapsed = useSelector(layout, (s) => s.context.collapsed && s.context.view !== 'mobile');
  const mobile = useSelector(layout, (s) => s.context.view === 'mobile');
  const open = useSelector(layout, (s) => s.context.openDrawer);
  const logo = useSelector(whiteLabel, (s) => s.context.settings.siteLogoUrl);
  if (mobile && !open) return null;

  const entries = sidebarFor(role);
  const groups = [...new Set(entries.map((e) => e.group))];
  const nav = (
    <nav aria-label={t('nav.label')} id="sidebar" className={[f.sidebar, collapsed ? f.sidebarCollapsed : '', mobile ? f.sidebarMobile : ''].join(' ')}>
      <Link href="/" className={f.brand}>
        {logo ? <img src={logo} alt={t('app.name')} className={f.logo} /> : <span aria-hidden="true" className={au.mark}>S</span>}
        {!collapsed && !logo && <span>{t('app.name')}</span>}
      </Link>
      {groups.map((g) => (
        <div key={g}>
          {!collapsed && <h2 className={f.groupTitle}>{t(GROUP_KEYS[g])}</h2>}
          <ul className={f.navList}>
            {entries.filter((e) => e.group === g).map((e) => (
              <li key={e.id}>
                <NavEntry entry={e} active={current === e.id} collapsed={collapsed} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
  if (!mobile) return nav;
  return (
    <>
      <button type="button" className={f.scrim} aria-label={t('nav.close')} onClick={() => layout.send({ type: 'layout.drawer' })} />
      {nav}
    </>
  );
}

function NavEntry({ entry, active, collapsed }: { entry: NavCommand; active: boolean; collapsed: boolean }) {
  const label = t(entry.labelKey);
  return (
    <Link
      href={entry.path}
      className={[f.navLink, active ? f.navLinkActive : ''].join(' ')}
      aria-current={active ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
    >
      <span aria-hidden="true" className={f.navIcon}>
        <Icon name={entry.icon} />
      </span>
      {!collapsed && <span className={f.navLabel}>{label}</span>}
    </Link>
  );
}
