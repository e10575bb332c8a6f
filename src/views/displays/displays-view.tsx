import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t } from '../../i18n';
import { displaysMachine, type DisplaysActor, type DisplayValues } from '../../machines/displays.machine';
import { DISPLAY_THEMES, type Display, type DisplayTheme } from '../../api/contract/displays';
import { mayManage } from '../../api/contract/roles';
import { ResourceScreen, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { CheckboxGroupField, InputField, SelectField } from '../ui/form-field';
import { DialogActions, Modal } from '../ui/dialog';
import { Button } from '../ui/button';
import { SecretOnce } from '../ui/secret-once';
import { StatusBadge } from '../ui/status-badge';
import { timeSince } from '../ui/tile-time';
import type { Column } from '../ui/virtual-table';

/** A display not heard from for this long has gone dark: its screen is off, or lost its network. */
const DARK_AFTER_MS = 5 * 60_000;

/** The wall's address for a key: what the manager opens on the screen, once. */
const wallAddress = (key: string) => `${location.origin}/wall?key=${encodeURIComponent(key)}`;

/**
 * Displays (managers): the company's wall displays — a name, a playlist of sites, seconds per site and a theme — and
 * each one's last contact, so a manager sees a screen that went dark. A new display's address, with its key, is shown
 * once; deleting a display revokes its key. `?new=1` (the palette's "New display") opens the form.
 */
export const DisplaysView = freshPerSearch(DisplaysScreen);

function DisplaysScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const actor = useActorRef(displaysMachine, { input: { startNew, session } });
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('displays.name'), sortKey: 'name', text: (d: Display) => d.name }), [locale]);
  const columns = useMemo((): Column<Display>[] => [
    { id: 'sites', header: t('displays.siteCount'), width: '6rem', cell: (d) => formatNumber(d.siteIds.length) },
    { id: 'everySeconds', header: t('displays.everySeconds'), sortKey: 'everySeconds', width: '9rem', cell: (d) => formatNumber(d.everySeconds) },
    { id: 'theme', header: t('displays.theme'), sortKey: 'theme', width: '7rem', cell: (d) => t(`displays.theme.${d.theme}`) },
    {
      id: 'lastSeen',
      header: t('displays.lastSeen'),
      width: '13rem',
      phone: true,
      cell: (d) => {
        if (!d.lastSeenAt) return <StatusBadge variant="inline" status="offline" label={t('displays.never')} />;
        const at = Date.parse(d.lastSeenAt);
        const now = Date.now();
        return <StatusBadge variant="inline" status={now - at > DARK_AFTER_MS ? 'warning' : 'ok'} label={t('displays.seen', { ago: timeSince(at, now) })} />;
      },
    },
  ], [locale]);
  const themes = useMemo(() => DISPLAY_THEMES.map((x) => ({ value: x, label: t(`displays.theme.${x}`) })), [locale]);
  return (
    <>
      <ResourceScreen<Display, DisplayValues>
        actor={actor}
        labels={screenLabels('displays')}
        name={name}
        columns={columns}
        canWrite={mayManage(role)}
        form={(f) => (
          <>
            <InputField label={t('displays.name')} maxLength={200} {...f.text('name')} />
            <CheckboxGroupField label={t('displays.sites')} value={f.values.siteIds} options={f.choices('sites')} messages={f.errors.siteIds} onChange={(ids) => f.change('siteIds', ids)} />
            <InputField label={t('displays.everySeconds')} inputMode="numeric" {...f.text('everySeconds')} />
            <SelectField label={t('displays.theme')} value={f.values.theme} options={themes} onChange={(v) => f.change('theme', v as DisplayTheme)} onBlur={() => f.blur('theme')} />
          </>
        )}
      />
      <CreatedDisplay actor={actor} />
    </>
  );
}

/** The new display's address, with its key: shown this once, to copy to the wall's screen. */
function CreatedDisplay({ actor }: { actor: DisplaysActor }) {
  const created = useSelector(actor, (st) => st.context.created);
  const copied = useSelector(actor, (st) => st.context.copied);
  if (!created || !('key' in created)) return null;
  const address = wallAddress(created.key);
  const done = () => actor.send({ type: 'created.dismiss' });
  return (
    <Modal title={t('displays.createdTitle', { name: created.name })} onClose={done}>
      <SecretOnce
        label={t('displays.address')}
        value={address}
        warning={t('displays.once')}
        copyLabel={t('displays.copy')}
        // Without clipboard access the read-only field can still be selected and copied by hand.
        onCopy={() => void navigator.clipboard?.writeText(address).then(() => actor.send({ type: 'created.copied' }), () => undefined)}
      >
        {copied && <span role="status">{t('displays.copied')}</span>}
      </SecretOnce>
      <DialogActions>
        <Button onClick={() => window.open(address, '_blank', 'noopener')}>{t('displays.openWall')}</Button>
        <Button variant="primary" onClick={done}>
          {t('displays.done')}
        </Button>
      </DialogActions>
    </Modal>
  );
}
