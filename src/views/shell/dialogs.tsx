import { type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { t } from '../../i18n';
import { BACKGROUND_THEMES, SIDEBAR_THEMES, type ThemePart } from '../../machines/preferences.machine';
import { BACKGROUNDS, BAR_THEMES } from '../theme/themes.css';
import { ACTION_COMMANDS, NAV_COMMANDS } from '../../machines/commands';
import { Keys } from '../ui/keys';
import { DialogActions, Modal } from '../ui/dialog';
import { Button } from '../ui/button';
import { CheckboxField } from '../ui/form-field';
import * as f from './frame.css';

/** A shell dialog: the ui modal with a close button at its foot. */
function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('theme.close')}
        </Button>
      </DialogActions>
    </Modal>
  );
}

function ThemeGroup({ part, options, current, colour }: { part: ThemePart; options: readonly string[]; current: string; colour: (o: string) => { bg: string; fg: string } }) {
  const { preferences } = useActors();
  const legendKey = part === 'sidebar' ? 'theme.sidebar' : part === 'topbar' ? 'theme.topbar' : 'theme.background';
  return (
    <fieldset className={f.swatches}>
      <legend className={f.legend}>{t(legendKey)}</legend>
      {options.map((o) => {
        const c = colour(o);
        const label = o === 'default' ? t('theme.default') : t('theme.option', { n: o.replace('theme', '') });
        return (
          <button
            key={o}
            type="button"
            aria-pressed={current === o}
            className={[f.swatch, current === o ? f.swatchActive : ''].join(' ')}
            style={{ background: c.bg, color: c.fg }}
            onClick={() => preferences.send({ type: 'preferences.theme', part, value: o })}
          >
            {label}
          </button>
        );
      })}
    </fieldset>
  );
}

function ThemeSwitcher({ onClose }: { onClose: () => void }) {
  const { preferences } = useActors();
  const p = useSelector(preferences, (s) => s.context);
  return (
    <Dialog title={t('theme.title')} onClose={onClose}>
      <ThemeGroup part="sidebar" options={SIDEBAR_THEMES} current={p.sidebarTheme} colour={(o) => BAR_THEMES[o]!} />
      <ThemeGroup part="topbar" options={SIDEBAR_THEMES} current={p.topbarTheme} colour={(o) => BAR_THEMES[o]!} />
      <ThemeGroup part="background" options={BACKGROUND_THEMES} current={p.backgroundTheme} colour={(o) => ({ bg: BACKGROUNDS[o]!, fg: '#1c1f24' })} />
      <CheckboxField label={t('theme.mode')} checked={p.mode === 'dark'} onChange={(dark) => preferences.send({ type: 'preferences.mode', mode: dark ? 'dark' : 'light' })} />
    </Dialog>
  );
}

/** Every shortcut the role has, from the one list of commands, and the keys that work everywhere. */
function ShortcutTable() {
  const { session } = useActors();
  const role = useSelector(session, (s) => s.context.session?.role ?? 'viewer');
  const rows: { keys: string; label: string }[] = [
    { keys: 'Ctrl+K', label: t('shortcuts.palette') },
    ...[...NAV_COMMANDS, ...ACTION_COMMANDS]
      .filter((c) => c.shortcut && c.available && c.visible(role))
      .map((c) => ({ keys: c.shortcut!, label: t(c.labelKey) })),
    { keys: '/', label: t('shortcuts.filter') },
    { keys: 'j k', label: t('shortcuts.move') },
    { keys: 'Enter', label: t('shortcuts.openItem') },
    { keys: 'Esc', label: t('shortcuts.close') },
  ];
  return (
    <table className={f.shortcutTable}>
      <thead>
        <tr>
          <th scope="col">{t('shortcuts.keys')}</th>
          <th scope="col">{t('shortcuts.action')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.keys}>
            <td>
              <Keys keys={r.keys} />
            </td>
            <td>{r.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Shortcuts({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t('shortcuts.title')} onClose={onClose}>
      <ShortcutTable />
    </Dialog>
  );
}

function Help({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t('help.title')} onClose={onClose}>
      <p>{t('help.intro')}</p>
      <p>{t('help.keyboard')}</p>
      <ShortcutTable />
    </Dialog>
  );
}

/** Renders the modal the layout machine holds; closing sends modal.hide. */
export function ModalHost() {
  const { layout } = useActors();
  const modal = useSelector(layout, (s) => s.context.modal);
  if (!modal.visible) return null;
  const close = () => layout.send({ type: 'modal.hide' });
  if (modal.type === 'theme') return <ThemeSwitcher onClose={close} />;
  if (modal.type === 'help') return <Help onClose={close} />;
  if (modal.type === 'shortcuts') return <Shortcuts onClose={close} />;
  return null;
}
