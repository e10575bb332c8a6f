import type { HubInfo, NodeInfo } from '../../api/contract/monitoring';
import { formatDate, t } from '../../i18n';
import { BatteryLevel, SignalLevel } from '../ui/link-health';
import { StatusBadge } from '../ui/status-badge';
import type { Column } from '../ui/virtual-table';
import * as c from '../ui/controls.css';
import { deviceTypeName } from '../ui/built-in-names';

const ago = (iso: string | null) => (iso ? formatDate(new Date(iso)) : t('site.never'));
const online = (up: boolean) => <StatusBadge variant="inline" status={up ? 'ok' : 'offline'} label={up ? t('site.statusOnline') : t('site.statusOffline')} />;

/**
 * The site's nodes as a table: the same columns on the site dashboard and on its shared page (in the current language).
 * With `open`, each node's name is a button that opens its detail.
 */
export const NODE_COLUMNS = (open?: (node: NodeInfo) => void): Column<NodeInfo>[] => [
  {
    id: 'name',
    header: t('site.name'),
    cell: (n) =>
      open ? (
        <button type="button" className={c.linkButton} aria-label={t('nodeDetail.open', { node: n.name })} onClick={() => open(n)}>
          {n.name}
        </button>
      ) : (
        n.name
      ),
    width: '2fr',
  },
  { id: 'type', header: t('site.type'), cell: (n) => deviceTypeName(n.deviceType), width: '1.5fr' },
  { id: 'status', header: t('site.status'), cell: (n) => online(n.online), width: '1.3fr', phone: true },
  { id: 'battery', header: t('site.battery'), cell: (n) => <BatteryLevel pct={n.batteryPct} /> },
  { id: 'signal', header: t('site.signal'), cell: (n) => <SignalLevel dbm={n.signalDbm} /> },
  { id: 'seen', header: t('site.lastSeen'), cell: (n) => ago(n.lastSeenAt), width: '1.5fr' },
];

/** The site's hubs as a table. */
export const HUB_COLUMNS = (): Column<HubInfo>[] => [
  { id: 'name', header: t('site.name'), cell: (h) => h.name, width: '2fr' },
  { id: 'serial', header: t('site.serial'), cell: (h) => h.serial },
  { id: 'fw', header: t('site.firmware'), cell: (h) => h.firmware, width: '0.8fr' },
  { id: 'nodes', header: t('site.nodeCount'), cell: (h) => h.nodeCount, width: '0.7fr' },
  { id: 'status', header: t('site.status'), cell: (h) => online(h.online), width: '1.3fr', phone: true },
  { id: 'seen', header: t('site.lastSeen'), cell: (h) => ago(h.lastSeenAt), width: '1.5fr' },
];
