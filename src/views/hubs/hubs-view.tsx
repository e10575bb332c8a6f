import { useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useActors } from '../actors';
import { currentLocale, formatNumber, t, type I18nKey } from '../../i18n';
import { hubsMachine, type HubValues } from '../../machines/hubs.machine';
import type { KeysHub } from '../../machines/hub-keys.machine';
import type { Hub, HubStatus } from '../../api/contract/hubs';
import { ResourceScreen, WhereField, freshPerSearch, screenLabels } from '../list-and-form/resource-screen';
import { InputField, SelectField } from '../ui/form-field';
import type { Column } from '../ui/virtual-table';
import { HubKeysDialog } from './hub-keys-dialog';
import * as c from '../ui/controls.css';
import { StatusBadge, type Status } from '../ui/status-badge';
import { mayManage } from '../../api/contract/roles';

const STATUS_KEYS: Record<HubStatus, I18nKey> = { online: 'hubs.status.online', offline: 'hubs.status.offline', never: 'hubs.status.never' };
/** A hub's status as the product's statuses: online is ok, offline an error, never heard from is offline. */
const STATUS: Record<HubStatus, Status> = { online: 'ok', offline: 'error', never: 'offline' };

/** Hubs (managers): a company's gateways and their API keys. `?new=1` (the palette's "New hub") opens the form. */
export const HubsView = freshPerSearch(HubsScreen);

function HubsScreen({ startNew }: { startNew: boolean }) {
  const { session } = useActors();
  const role = useSelector(session, (st) => st.context.session?.role);
  const canWrite = mayManage(role);
  const actor = useActorRef(hubsMachine, { input: { startNew, session } });
  // The hub whose keys dialog is open (a dialog of this screen, like the site dashboard's panels).
  const [keysOf, setKeysOf] = useState<KeysHub | null>(null);
  const locale = currentLocale();
  const name = useMemo(() => ({ header: t('hubs.name'), sortKey: 'name', text: (hub: Hub) => hub.name }), [locale]);
  const columns = useMemo((): Column<Hub>[] => [
    { id: 'serial', header: t('hubs.serial'), sortKey: 'serial', width: '1fr', cell: (hub) => hub.serial },
    { id: 'site', header: t('hubs.site'), sortKey: 'siteName', width: '1.5fr', cell: (hub) => hub.siteName },
    {
      id: 'status',
      header: t('hubs.status'),
      width: '9rem',
      phone: true,
      cell: (hub) => <StatusBadge variant="inline" status={STATUS[hub.status]} label={t(STATUS_KEYS[hub.status])} />,
    },
    { id: 'nodeCount', header: t('hubs.nodeCount'), sortKey: 'nodeCount', width: '5rem', cell: (hub) => formatNumber(hub.nodeCount) },
    { id: 'keyCount', header: t('hubs.keyCount'), width: '6rem', cell: (hub) => formatNumber(hub.keyCount) },
    ...(canWrite
      ? [
          {
            id: 'keys',
            header: t('hubs.keys'),
            width: '8rem',
            // In the tab order of the keyboard's row only, like the row's name: Tab from the name reaches it.
            cell: (hub: Hub, at: { active: boolean }) => (
              <button
                type="button"
                className={c.button}
                tabIndex={at.active ? 0 : -1}
                aria-label={t('hubs.keysOf', { name: hub.name })}
                onClick={() => setKeysOf({ id: hub.id, name: hub.name })}
              >
                {t('hubs.keys')}
              </button>
            ),
          },
        ]
      : []),
  ], [locale, canWrite]);
  return (
    <>
      <ResourceScreen<Hub, HubValues>
        actor={actor}
        labels={screenLabels('hubs')}
        name={name}
        columns={columns}
        canWrite={canWrite}
        filters={
          <WhereField actor={actor} name="siteId" label={t('hubs.site')} all={t('hubs.allSites')} lookup="sites" />
        }
        form={(f) => (
          <>
            <SelectField
              label={t('hubs.site')}
              options={f.choices('sites')}
              placeholder={t('hubs.chooseSite')}
              {...f.text('siteId')}
            />
            <InputField label={t('hubs.serial')} maxLength={64} {...f.text('serial')} />
            <InputField label={t('hubs.name')} maxLength={200} {...f.text('name')} />
            <InputField label={t('hubs.firmware')} maxLength={32} {...f.text('firmware')} />
          </>
        )}
      />
      {/* The list's key counts change with the dialog's keys, so it is read again when the dialog closes. */}
      {keysOf && (
        <HubKeysDialog
          hub={keysOf}
          onClose={() => {
            setKeysOf(null);
            actor.send({ type: 'list.reload' });
          }}
        />
      )}
    </>
  );
}
