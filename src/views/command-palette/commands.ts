import type { SessionRole } from '../../api/contract/common';
import type { I18nKey } from '../../i18n';

/**
 * Commands as data: one list serves the sidebar, and (with the palette issue) the palette and the shortcuts.
 * `id` is the last path segment of the entry's route, which is how the active entry is found (SPEC §2).
 */
export interface NavCommand {
  id: string;
  labelKey: I18nKey;
  path: string;
  group: 'monitor' | 'configure' | 'admin' | 'account';
  keywords: string[];
  /** Whether the role may see the entry; the server still decides what each call may do. */
  visible: (role: SessionRole) => boolean;
  /** False until the entry's screen exists: no empty pages in the sidebar. */
  available: boolean;
}

const everyone = () => true;
const admins = (r: SessionRole) => r === 'admin';
const managers = (r: SessionRole) => r === 'admin' || r === 'manager';
const writers = (r: SessionRole) => r !== 'viewer';

export const NAV_COMMANDS: NavCommand[] = [
  { id: 'dashboard', labelKey: 'nav.dashboard', path: '/', group: 'monitor', keywords: ['home', 'overview'], visible: everyone, available: true },
  { id: 'site-dashboard', labelKey: 'nav.siteDashboard', path: '/site-dashboard', group: 'monitor', keywords: ['readings', 'chart'], visible: everyone, available: true },
  { id: 'alert-events', labelKey: 'nav.alertEvents', path: '/alert-events', group: 'monitor', keywords: ['alarms', 'incidents'], visible: everyone, available: false },
  { id: 'reports', labelKey: 'nav.reports', path: '/reports', group: 'monitor', keywords: ['fridge', 'compliance'], visible: everyone, available: false },
  { id: 'alerts', labelKey: 'nav.alerts', path: '/alerts', group: 'configure', keywords: ['rules', 'thresholds'], visible: managers, available: false },
  { id: 'sites', labelKey: 'nav.sites', path: '/sites', group: 'configure', keywords: ['locations'], visible: managers, available: false },
  { id: 'hubs', labelKey: 'nav.hubs', path: '/hubs', group: 'configure', keywords: ['gateways'], visible: managers, available: false },
  { id: 'nodes', labelKey: 'nav.nodes', path: '/nodes', group: 'configure', keywords: ['sensors', 'devices'], visible: managers, available: false },
  { id: 'feeds', labelKey: 'nav.feeds', path: '/feeds', group: 'configure', keywords: ['channels'], visible: managers, available: false },
  { id: 'signal-types', labelKey: 'nav.signalTypes', path: '/signal-types', group: 'configure', keywords: ['units'], visible: managers, available: false },
  { id: 'node-tags', labelKey: 'nav.nodeTags', path: '/node-tags', group: 'configure', keywords: ['labels'], visible: managers, available: false },
  { id: 'messages-manager', labelKey: 'nav.messagesManager', path: '/messages-manager', group: 'configure', keywords: ['templates', 'email', 'sms'], visible: managers, available: false },
  { id: 'users', labelKey: 'nav.users', path: '/users', group: 'configure', keywords: ['people', 'members'], visible: managers, available: false },
  { id: 'admin-dashboard', labelKey: 'nav.adminDashboard', path: '/admin-dashboard', group: 'admin', keywords: ['platform', 'health'], visible: admins, available: true },
  { id: 'companies', labelKey: 'nav.companies', path: '/companies', group: 'admin', keywords: ['customers', 'shadow'], visible: admins, available: true },
  { id: 'plexus', labelKey: 'nav.plexus', path: '/plexus', group: 'admin', keywords: ['network', 'links'], visible: admins, available: true },
  { id: 'management', labelKey: 'nav.management', path: '/management', group: 'admin', keywords: ['white-label', 'branding', 'settings'], visible: admins, available: true },
  { id: 'my-companies', labelKey: 'nav.myCompanies', path: '/my-companies', group: 'account', keywords: ['switch', 'company'], visible: everyone, available: true },
  { id: 'my-profile', labelKey: 'nav.profile', path: '/my-profile', group: 'account', keywords: ['account', 'password', 'language'], visible: everyone, available: true },
];

/** The entries a role sees in the sidebar, in order. */
export const sidebarFor = (role: SessionRole): NavCommand[] => NAV_COMMANDS.filter((c) => c.available && c.visible(role));

export const GROUP_KEYS: Record<NavCommand['group'], I18nKey> = {
  monitor: 'nav.group.monitor',
  configure: 'nav.group.configure',
  admin: 'nav.group.admin',
  account: 'nav.group.account',
};

/** `writers` is kept for entries that later issues open to every role but viewers. */
export const ROLE_RULES = { everyone, admins, managers, writers };
