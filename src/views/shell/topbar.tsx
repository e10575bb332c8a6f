import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useActors } from '../actors';
import { formatNumber, t } from '../../i18n';
import { LanguageSelect } from '../ui/language-select';
import { CompanySelect } from '../ui/company-select';
import { Icon, type IconName } from '../ui/icons';
import * as f from './frame.css';
import * as au from '../ui/auth.css';

/** The layout machine's drawer slot holds the phone's top-bar menu while it is open. */
const MENU = 'topbar-menu';

/**
 * The top bar. On a desktop or tablet one row that never wraps: navigation toggle, company dropdown, palette,
 * language, then theme, My Profile, Help and Logout, which show their words only on a wide screen and are otherwise
 * pictures whose words stay as their names and tooltips. On a phone one compact row — navigation, brand, the company in view, search and a menu button — and
 * the controls fold into that menu.
 */
export function Topbar() {
  const { layout } = useActors();
  const mobile = useSelector(layout, (s) => s.context.view === 'mobile');
  return mobile ? <PhoneBar /> : <DesktopBar />;
}

function NavToggle() {
  const { layout } = useActors();
  const mobile = useSelector(layout, (s) => s.context.view === 'mobile');
  const drawerOpen = useSelector(layout, (s) => s.context.openDrawer);
  return (
    <button
      type="button"
      className={f.iconButton}
      aria-label={t('nav.toggle')}
      title={t('nav.toggle')}
      aria-controls="sidebar"
      aria-expanded={mobile ? drawerOpen : undefined}
      onClick={() => {
        if (mobile) layout.send({ type: 'drawer.hide' });
        layout.send({ type: mobile ? 'layout.drawer' : 'layout.collapse' });
      }}
    >
      <Icon name="menu" />
    </button>
  );
}

/**
 * The open alert events (state active) as a bell with a count, one click or `g a` from the list. Its name says the
 * count, so a screen reader hears what the colour shows; it stays quiet (no count) when nothing waits.
 */
function AlertBadge() {
  const { alertBadge } = useActors();
  const count = useSelector(alertBadge, (s) => s.context.count);
  const label = count ? t('topbar.alertsOpen', { count: formatNumber(count) }) : t('topbar.alertsNone');
  return (
    <Link href="/alert-events" className={f.alertLink} aria-label={label} title={label}>
      <Icon name="bell" />
      {count ? <span className={f.badgeCount} aria-hidden="true">{count > 99 ? '99+' : formatNumber(count)}</span> : null}
    </Link>
  );
}

/** A bar action's picture and words; the words are its name even where only the picture shows. */
function BarLabel({ icon, text }: { icon: IconName; text: string }) {
  return (
    <>
      <Icon name={icon} />
      <span className={f.barLabel}>{text}</span>
    </>
  );
}

/** Who is acting, for which company and with which role, in words: admins jumping between shadows always know. */
function useIdentity(): string | null {
  const { session } = useActors();
  const info = useSelector(session, (st) => st.context.session?.basicInfo);
  const company = useSelector(session, (st) => st.context.session?.companyName ?? null);
  const role = useSelector(session, (st) => st.context.session?.role);
  if (!info || !role) return null;
  return [t('home.signedInAs', { name: info.name, email: info.email }), company ? t('home.company', { company }) : t('home.noCompany'), t('home.role', { role: t(`role.${role}`) })].join(' · ');
}

function DesktopBar() {
  const { session, layout, palette } = useActors();
  const identity = useIdentity();
  const identityId = useId();
  return (
    <header className={`${f.topbar} ${f.topbarDesktop}`}>
      <NavToggle />
      <CompanySelect fieldClassName={f.barCompanyField} selectClassName={f.barCompanySelect} />
      <span className={f.spacer} />
      <AlertBadge />
      <button
        type="button"
        className={f.searchButton}
        aria-label={`${t('palette.open')} (Ctrl K)`}
        title={t('palette.open')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => palette.send({ type: 'palette.open' })}
      >
        <span className={f.searchLabel}>
          <Icon name="search" />
          <span className={f.searchText}>{t('topbar.search')}</span>
        </span>
        <kbd className={f.kbd}>Ctrl K</kbd>
      </button>
      <LanguageSelect />
      <button type="button" className={f.barButton} title={t('topbar.theme')} onClick={() => layout.send({ type: 'modal.show', modalType: 'theme' })}>
        <BarLabel icon="theme" text={t('topbar.theme')} />
      </button>
      {/* Who is signed in is the profile's description and its tooltip: the page itself stays the operator's. */}
      <Link href="/my-profile" className={f.barButton} title={identity ? `${t('topbar.myProfile')} — ${identity}` : t('topbar.myProfile')} aria-describedby={identity ? identityId : undefined}>
        <BarLabel icon="profile" text={t('topbar.myProfile')} />
      </Link>
      {identity && (
        <span id={identityId} hidden>
          {identity}
        </span>
      )}
      <button type="button" className={f.barButton} title={t('topbar.help')} onClick={() => layout.send({ type: 'modal.show', modalType: 'help' })}>
        <BarLabel icon="help" text={t('topbar.help')} />
      </button>
      <button type="button" className={f.barButton} title={t('topbar.logout')} onClick={() => session.send({ type: 'session.logout' })}>
        <BarLabel icon="logout" text={t('topbar.logout')} />
      </button>
    </header>
  );
}

function PhoneBar() {
  const { session, layout, palette, whiteLabel } = useActors();
  const open = useSelector(layout, (s) => s.context.drawer.visible && s.context.drawer.type === MENU);
  const companyName = useSelector(session, (s) => s.context.session?.companyName ?? '');
  const logo = useSelector(whiteLabel, (s) => s.context.settings.siteLogoUrl);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // A menu left open on a phone must not reappear when the window is next that narrow.
  useEffect(() => () => layout.send({ type: 'drawer.hide' }), [layout]);
  const close = (refocus: boolean) => {
    layout.send({ type: 'drawer.hide' });
    if (refocus) button.current?.focus();
  };
  return (
    <>
      <header className={`${f.topbar} ${f.topbarPhone}`}>
        <NavToggle />
        <Link href="/" className={f.phoneBrand} aria-label={t('app.name')}>
          {logo ? <img src={logo} alt="" className={f.phoneLogo} /> : <span aria-hidden="true" className={au.mark}>S</span>}
        </Link>
        <span className={f.phoneTitle}>{companyName || t('app.name')}</span>
        <AlertBadge />
        <button type="button" className={f.iconButton} aria-label={`${t('palette.open')} (Ctrl K)`} title={t('palette.open')} onClick={() => palette.send({ type: 'palette.open' })}>
          <Icon name="search" />
        </button>
        <button
          ref={button}
          type="button"
          className={f.iconButton}
          aria-label={t('topbar.menu')}
          title={t('topbar.menu')}
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => (open ? close(false) : layout.send({ type: 'drawer.show', drawerType: MENU }))}
        >
          <Icon name="more" />
        </button>
      </header>
      {open && <PhoneMenu id={menuId} onClose={close} />}
    </>
  );
}

/** The phone's menu: the top bar's controls, as a non-modal dialog under the bar. Escape closes it. */
function PhoneMenu({ id, onClose }: { id: string; onClose: (refocus: boolean) => void }) {
  const identity = useIdentity();
  const { session, layout } = useActors();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Opening moves focus into the menu, so the keyboard continues where the eye goes.
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('select, button, a[href]')?.focus();
  }, []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
    }
  };
  const open = (modalType: 'theme' | 'help') => {
    onClose(false);
    layout.send({ type: 'modal.show', modalType });
  };
  return (
    <>
      <div className={f.menuScrim} aria-hidden="true" onClick={() => onClose(false)} />
      <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} className={f.menu} onKeyDown={onKeyDown}>
        <h2 id={titleId} className={f.menuTitle}>
          {t('topbar.menu')}
        </h2>
        {identity && <p className={f.menuIdentity}>{identity}</p>}
        <CompanySelect fieldClassName={f.menuField} selectClassName={f.menuSelect} />
        <span className={f.menuField}>
          <LanguageSelect />
        </span>
        <div className={f.menuDivider} />
        <button type="button" className={f.menuItem} onClick={() => open('theme')}>
          <Icon name="theme" />
          {t('topbar.theme')}
        </button>
        <Link href="/my-profile" className={f.menuItem} onClick={() => onClose(false)}>
          <Icon name="profile" />
          {t('topbar.myProfile')}
        </Link>
        <button type="button" className={f.menuItem} onClick={() => open('help')}>
          <Icon name="help" />
          {t('topbar.help')}
        </button>
        <div className={f.menuDivider} />
        <button type="button" className={f.menuItem} onClick={() => session.send({ type: 'session.logout' })}>
          <Icon name="logout" />
          {t('topbar.logout')}
        </button>
      </div>
    </>
  );
}
