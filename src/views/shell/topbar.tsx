import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { LanguageSelect } from '../ui/language-select';
import * as f from './frame.css';

/** The top bar: navigation toggle, company dropdown, language, theme, My Profile, Help, Logout. */
export function Topbar() {
  const { session, layout, companies, palette } = useActors();
  const companyId = useSelector(session, (s) => s.context.session?.companyId ?? '');
  const companyName = useSelector(session, (s) => s.context.session?.companyName ?? '');
  const switching = useSelector(session, (s) => s.matches({ signedIn: { activity: 'switching' } }));
  const isShadow = useSelector(session, (s) => s.context.session?.isShadow ?? false);
  const list = useSelector(companies, (s) => s.context.companies);
  const mobile = useSelector(layout, (s) => s.context.view === 'mobile');
  const drawerOpen = useSelector(layout, (s) => s.context.openDrawer);
  const companyField = useId();
  // The current company stays listed even before the list arrives, so the select never shows a wrong value.
  const options = list.some((c) => c.id === companyId) || !companyId ? list : [{ id: companyId, name: companyName, customerType: 'UKE' as const }, ...list];

  return (
    <header className={f.topbar}>
      <button
        type="button"
        className={f.barButton}
        aria-label={t('nav.toggle')}
        aria-controls="sidebar"
        aria-expanded={mobile ? drawerOpen : undefined}
        onClick={() => layout.send({ type: mobile ? 'layout.drawer' : 'layout.collapse' })}
      >
        ☰
      </button>
      <span className={f.inlineField}>
        <label htmlFor={companyField}>{t('topbar.company')}</label>
        <select
          id={companyField}
          className={f.companySelect}
          value={companyId}
          disabled={switching || (isShadow && options.length <= 1)}
          onChange={(e) => e.target.value && session.send({ type: 'company.switch', companyId: e.target.value })}
        >
          {!companyId && <option value="">{t('topbar.noCompany')}</option>}
          {options.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </span>
      <span className={f.spacer} />
      <button
        type="button"
        className={f.barButton}
        aria-label={`${t('palette.open')} (Ctrl K)`}
        title={t('palette.open')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => palette.send({ type: 'palette.open' })}
      >
        <kbd>Ctrl K</kbd>
      </button>
      <LanguageSelect />
      <button type="button" className={f.barButton} onClick={() => layout.send({ type: 'modal.show', modalType: 'theme' })}>
        {t('topbar.theme')}
      </button>
      <Link href="/my-profile" className={f.barButton}>
        {t('topbar.myProfile')}
      </Link>
      <button type="button" className={f.barButton} onClick={() => layout.send({ type: 'modal.show', modalType: 'help' })}>
        {t('topbar.help')}
      </button>
      <button type="button" className={f.barButton} onClick={() => session.send({ type: 'session.logout' })}>
        {t('topbar.logout')}
      </button>
    </header>
  );
}
