import { mayAct, mayManage } from '../api/contract/roles';
import type { SessionRole } from '../api/contract/common';
import type { I18nKey, Locale } from '../i18n';
import type { Mode, ThemePart } from './preferences.machine';

/** A nested page of the palette. */
export type PalettePage = 'root' | 'company' | 'shadowUser' | 'shadowCompany' | 'language' | 'theme';

/** What choosing a command does; the app routes each intent to the actor that owns it (see main.tsx). */
export type Intent =
  | { type: 'navigate'; path: string }
  | { type: 'page'; page: PalettePage }
  | { type: 'company.switch'; companyId: string }
  | { type: 'shadow.user'; userId: string }
  | { type: 'shadow.company'; companyId: string }
  | { type: 'shadow.exit' }
  | { type: 'preferences.language'; locale: Locale }
  | { type: 'preferences.theme'; part: ThemePart; value: string }
  | { type: 'preferences.mode'; mode: Mode }
  | { type: 'session.logout' }
  | { type: 'modal.show'; modalType: 'help' | 'shortcuts' };

/** What a command's visibility may depend on besides the role. */
export interface CommandState {
  isShadow: boolean;
  /** A platform admin who is not shadowing anyone (only they may start shadowing). */
  canShadow: boolean;
  companyCount: number;
  mode: Mode;
}

/**
 * Commands as data: one list serves the sidebar, the palette and the keyboard shortcuts. For navigation entries `id`
 * is the last path segment of the route, which is how the active sidebar entry is found (docs/product.md, Layout and themes).
 */
export interface Command {
  id: string;
  labelKey: I18nKey;
  group: 'monitor' | 'configure' | 'admin' | 'account' | 'actions';
  keywords: string[];
  /** Two keys pressed in turn ("g d"), shown beside the command in the palette and on the ? sheet. */
  shortcut?: string;
  event: Intent;
  /** Whether the role may see the command; the server still decides what each call may do. */
  visible: (role: SessionRole, state?: CommandState) => boolean;
  /** False until the entry's screen exists: no empty pages in the sidebar or the palette. */
  available: boolean;
}

/**
 * The picture beside a sidebar entry, by name: machines hold no components, so the views map each name to its icon
 * (views/ui/icons.tsx), and the type there makes that map complete.
 */
export type NavIcon =
  | 'layout-dashboard' | 'activity' | 'siren' | 'file-text' | 'bell-ring' | 'map-pin' | 'router' | 'cpu' | 'rss' | 'ruler'
  | 'tag' | 'mail' | 'users' | 'gauge' | 'building' | 'network' | 'settings' | 'briefcase' | 'circle-user' | 'monitor';

/** A command that opens a screen: the sidebar's entries. */
export type NavCommand = Command & {
  path: string;
  /** The entry's picture: beside its label, and alone (with the label as its name and tooltip) in the narrow sidebar. */
  icon: NavIcon;
  event: { type: 'navigate'; path: string };
  /** For a management screen: the label of "New …", a palette command that opens the screen's form for a new row. */
  create?: I18nKey;
};

/**
 * The screens that exist: the one switch for the sidebar, the palette, the shortcuts and the router, whose map of
 * pages (routes.tsx) is typed by it, so an entry cannot be offered without its page nor a page routed without its entry.
 */
export const SCREENS = ['dashboard', 'site-dashboard', 'admin-dashboard', 'companies', 'plexus', 'management', 'my-companies', 'my-profile', 'node-tags', 'users', 'hubs', 'nodes', 'sites', 'feeds', 'signal-types', 'alert-events', 'messages-manager', 'alerts', 'reports', 'displays'] as const;
export type Screen = (typeof SCREENS)[number];
const isScreen = (id: string): id is Screen => (SCREENS as readonly string[]).includes(id);

const nav = (
  id: string,
  icon: NavIcon,
  labelKey: I18nKey,
  path: string,
  group: NavCommand['group'],
  keywords: string[],
  shortcut: string,
  visible: (role: SessionRole) => boolean,
  create?: I18nKey,
): NavCommand => ({ id, icon, labelKey, path, group, keywords, shortcut, visible, available: isScreen(id), event: { type: 'navigate', path }, create });

const everyone = () => true;
const admins = (r: SessionRole) => r === 'admin';
const managers = mayManage;
const writers = mayAct;

export const NAV_COMMANDS: NavCommand[] = [
  nav('dashboard', 'layout-dashboard', 'nav.dashboard', '/', 'monitor', ['home', 'overview'], 'g d', everyone),
  nav('site-dashboard', 'activity', 'nav.siteDashboard', '/site-dashboard', 'monitor', ['readings', 'chart'], 'g s', everyone),
  nav('alert-events', 'siren', 'nav.alertEvents', '/alert-events', 'monitor', ['alarms', 'incidents'], 'g a', everyone),
  nav('reports', 'file-text', 'nav.reports', '/reports', 'monitor', ['fridge', 'compliance', 'log', 'pdf'], 'g r', everyone),
  nav('alerts', 'bell-ring', 'nav.alerts', '/alerts', 'configure', ['rules', 'thresholds', 'alarms', 'escalation'], 'g l', managers, 'alerts.new'),
  nav('sites', 'map-pin', 'nav.sites', '/sites', 'configure', ['locations'], 'g i', managers, 'sites.new'),
  nav('hubs', 'router', 'nav.hubs', '/hubs', 'configure', ['gateways'], 'g h', managers, 'hubs.new'),
  nav('nodes', 'cpu', 'nav.nodes', '/nodes', 'configure', ['sensors', 'devices'], 'g n', managers, 'nodes.new'),
  nav('feeds', 'rss', 'nav.feeds', '/feeds', 'configure', ['channels'], 'g f', managers, 'feeds.new'),
  nav('signal-types', 'ruler', 'nav.signalTypes', '/signal-types', 'configure', ['units'], 'g y', managers, 'signalTypes.new'),
  nav('node-tags', 'tag', 'nav.nodeTags', '/node-tags', 'configure', ['labels'], 'g t', managers, 'nodeTags.new'),
  nav('displays', 'monitor', 'nav.displays', '/displays', 'configure', ['wall', 'tv', 'kiosk', 'screen', 'playlist'], 'g v', managers, 'displays.new'),
  nav('messages-manager', 'mail', 'nav.messagesManager', '/messages-manager', 'configure', ['templates', 'email', 'sms'], 'g e', managers, 'messages.new'),
  nav('users', 'users', 'nav.users', '/users', 'configure', ['people', 'members', 'invite'], 'g u', managers, 'users.new'),
  nav('admin-dashboard', 'gauge', 'nav.adminDashboard', '/admin-dashboard', 'admin', ['platform', 'health'], 'g x', admins),
  nav('companies', 'building', 'nav.companies', '/companies', 'admin', ['customers', 'shadow'], 'g c', admins),
  nav('plexus', 'network', 'nav.plexus', '/plexus', 'admin', ['network', 'links'], 'g o', admins),
  nav('management', 'settings', 'nav.management', '/management', 'admin', ['white-label', 'branding', 'settings', 'audit', 'log'], 'g w', managers),
  nav('my-companies', 'briefcase', 'nav.myCompanies', '/my-companies', 'account', ['switch', 'company'], 'g m', everyone),
  nav('my-profile', 'circle-user', 'nav.profile', '/my-profile', 'account', ['account', 'password', 'language'], 'g p', everyone),
];

/** The palette's actions; nested pages open with "›". */
export const ACTION_COMMANDS: Command[] = [
  { id: 'switch-company', labelKey: 'palette.switchCompany', group: 'actions', keywords: ['company', 'tenant'], event: { type: 'page', page: 'company' }, visible: (_r, s) => (s?.companyCount ?? 0) > 1 && !s?.isShadow, available: true },
  { id: 'shadow-user', labelKey: 'palette.shadowUser', group: 'actions', keywords: ['impersonate', 'user', 'act as'], event: { type: 'page', page: 'shadowUser' }, visible: (_r, s) => s?.canShadow === true, available: true },
  { id: 'shadow-company', labelKey: 'palette.shadowCompany', group: 'actions', keywords: ['impersonate', 'company', 'act as'], event: { type: 'page', page: 'shadowCompany' }, visible: (_r, s) => s?.canShadow === true, available: true },
  { id: 'exit-shadow', labelKey: 'palette.exitShadow', group: 'actions', keywords: ['stop', 'return', 'shadow'], event: { type: 'shadow.exit' }, visible: (_r, s) => s?.isShadow === true, available: true },
  { id: 'exports', labelKey: 'palette.exports', group: 'actions', keywords: ['export', 'csv', 'download', 'jobs', 'progress'], event: { type: 'navigate', path: '/site-dashboard?panel=exports' }, visible: mayAct, available: true },
  { id: 'language', labelKey: 'palette.language', group: 'actions', keywords: ['locale', 'translate'], event: { type: 'page', page: 'language' }, visible: everyone, available: true },
  { id: 'theme', labelKey: 'palette.theme', group: 'actions', keywords: ['colour', 'color', 'sidebar', 'top bar', 'background'], event: { type: 'page', page: 'theme' }, visible: everyone, available: true },
  { id: 'mode-dark', labelKey: 'palette.dark', group: 'actions', keywords: ['night', 'wall display', 'theme'], shortcut: 't d', event: { type: 'preferences.mode', mode: 'dark' }, visible: (_r, s) => s?.mode !== 'dark', available: true },
  { id: 'mode-light', labelKey: 'palette.light', group: 'actions', keywords: ['day', 'theme'], shortcut: 't l', event: { type: 'preferences.mode', mode: 'light' }, visible: (_r, s) => s?.mode === 'dark', available: true },
  // The person's own sites as a wall display, by the session: for a screen they are signed in on.
  { id: 'wall-mode', labelKey: 'palette.wall', group: 'actions', keywords: ['wall', 'tv', 'kiosk', 'full screen', 'display', 'rotate'], event: { type: 'navigate', path: '/wall' }, visible: everyone, available: true },
  { id: 'shortcuts', labelKey: 'palette.shortcuts', group: 'actions', keywords: ['keyboard', 'keys', 'help'], shortcut: '?', event: { type: 'modal.show', modalType: 'shortcuts' }, visible: everyone, available: true },
  { id: 'help', labelKey: 'palette.help', group: 'actions', keywords: ['support', 'about'], event: { type: 'modal.show', modalType: 'help' }, visible: everyone, available: true },
  { id: 'logout', labelKey: 'palette.logout', group: 'actions', keywords: ['sign out', 'exit'], event: { type: 'session.logout' }, visible: everyone, available: true },
];

/**
 * An admin's read-only look at one company's dashboard, without shadowing it (docs/product.md, Screens and routes): a route of its own beside
 * the sidebar's screens, opened from the Admin Dashboard's rows and the palette's companies.
 */
export const COMPANY_DASHBOARD_ROUTE = '/dashboard/company/:id';
export const companyDashboardPath = (companyId: string): string => `/dashboard/company/${encodeURIComponent(companyId)}`;

/** A command the palette offers once for each company: commands as data, the company filled in when it is built. */
export interface CompanyCommand {
  id: string;
  /** The row's label; `{{company}}` is the company's name. */
  labelKey: I18nKey;
  /** The row's quiet second line. */
  detailKey: I18nKey;
  keywords: string[];
  event: (companyId: string) => Intent;
  visible: (role: SessionRole, state?: CommandState) => boolean;
}

export const COMPANY_COMMANDS: CompanyCommand[] = [
  {
    id: 'company-dashboard',
    labelKey: 'palette.companyDashboard',
    detailKey: 'palette.companyDashboardDetail',
    keywords: ['dashboard', 'sites', 'health', 'view', 'read-only'],
    event: (companyId) => ({ type: 'navigate', path: companyDashboardPath(companyId) }),
    // Only a platform admin acting as themselves reads a company by id; anyone else would meet a 403, which signs out.
    visible: (role, s) => role === 'admin' && s?.isShadow === false,
  },
];

/** The per-company commands a role may use now. */
export const companyCommandsFor = (role: SessionRole, state: CommandState): CompanyCommand[] => COMPANY_COMMANDS.filter((c) => c.visible(role, state));

/** "New node tag", "New site" …: each management screen's form for a new row, from the palette (`?new=1`). */
export const CREATE_COMMANDS: Command[] = NAV_COMMANDS.filter((c) => c.create).map((c) => ({
  id: `new-${c.id}`,
  labelKey: c.create!,
  group: 'actions',
  keywords: ['new', 'create', 'add', ...c.keywords],
  event: { type: 'navigate', path: `${c.path}?new=1` },
  visible: c.visible,
  available: c.available,
}));

/** Every command a role may use now, sidebar entries first. */
export const commandsFor = (role: SessionRole, state: CommandState): Command[] =>
  [...NAV_COMMANDS, ...CREATE_COMMANDS, ...ACTION_COMMANDS].filter((c) => c.available && c.visible(role, state));

/** The command a two-key shortcut names, if the role may use it now. */
export const commandForShortcut = (keys: string, role: SessionRole, state: CommandState): Command | undefined =>
  commandsFor(role, state).find((c) => c.shortcut === keys);


/** The entries a role sees in the sidebar, in order. */
export const sidebarFor = (role: SessionRole): NavCommand[] => NAV_COMMANDS.filter((c) => c.available && c.visible(role));

export const GROUP_KEYS: Record<Command['group'], I18nKey> = {
  actions: 'palette.group.actions',
  monitor: 'nav.group.monitor',
  configure: 'nav.group.configure',
  admin: 'nav.group.admin',
  account: 'nav.group.account',
};

/** `writers` is kept for entries that later issues open to every role but viewers. */
export const ROLE_RULES = { everyone, admins, managers, writers };
