import type { LucideIcon } from 'lucide-react';
// One module per icon, never the package index: only these pictures are bundled, and only with the chunks that import
// this file (the signed-in frame and what it loads), never with the sign-in page's start-up.
import Activity from 'lucide-react/icons/activity';
import Bell from 'lucide-react/icons/bell';
import BellRing from 'lucide-react/icons/bell-ring';
import Briefcase from 'lucide-react/icons/briefcase';
import Building2 from 'lucide-react/icons/building-2';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleHelp from 'lucide-react/icons/circle-help';
import CircleUser from 'lucide-react/icons/circle-user';
import Cpu from 'lucide-react/icons/cpu';
import EllipsisVertical from 'lucide-react/icons/ellipsis-vertical';
import FileText from 'lucide-react/icons/file-text';
import Inbox from 'lucide-react/icons/inbox';
import Gauge from 'lucide-react/icons/gauge';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Menu from 'lucide-react/icons/menu';
import Network from 'lucide-react/icons/network';
import Palette from 'lucide-react/icons/palette';
import Router from 'lucide-react/icons/router';
import Rss from 'lucide-react/icons/rss';
import Ruler from 'lucide-react/icons/ruler';
import Search from 'lucide-react/icons/search';
import Settings from 'lucide-react/icons/settings';
import Siren from 'lucide-react/icons/siren';
import Tag from 'lucide-react/icons/tag';
import Monitor from 'lucide-react/icons/monitor';
import Users from 'lucide-react/icons/users';
import X from 'lucide-react/icons/x';
import type { NavIcon } from '../../machines/commands';
import { iconClass } from './icons.css';

/** The sidebar's pictures, one per name the command list may use (the type keeps the map complete). */
const NAV: Record<NavIcon, LucideIcon> = {
  'layout-dashboard': LayoutDashboard,
  activity: Activity,
  siren: Siren,
  'file-text': FileText,
  'bell-ring': BellRing,
  'map-pin': MapPin,
  router: Router,
  cpu: Cpu,
  rss: Rss,
  ruler: Ruler,
  tag: Tag,
  mail: Mail,
  users: Users,
  gauge: Gauge,
  building: Building2,
  network: Network,
  settings: Settings,
  briefcase: Briefcase,
  'circle-user': CircleUser,
  monitor: Monitor,
};

/** The shell's own controls. */
const SHELL = {
  menu: Menu,
  more: EllipsisVertical,
  search: Search,
  close: X,
  bell: Bell,
  theme: Palette,
  help: CircleHelp,
  profile: CircleUser,
  logout: LogOut,
  /** The empty and failed states (views/ui/states.tsx). */
  empty: Inbox,
  error: CircleAlert,
} satisfies Record<string, LucideIcon>;

const ICONS: Record<IconName, LucideIcon> = { ...NAV, ...SHELL };

export type IconName = NavIcon | keyof typeof SHELL;

/** Pictures that point along the line of reading: a right-to-left page turns them round ("leave" points out of the page). */
const DIRECTIONAL = new Set<IconName>(['logout']);

/** Every name that has a picture (the sidebar test reads it). */
export const iconNames = (): IconName[] => Object.keys(ICONS) as IconName[];

/**
 * A 1em line icon that follows the text colour. Always decoration: the control that holds one carries the name (its
 * words, or an aria-label with a title for the tooltip).
 */
export function Icon({ name }: { name: IconName }) {
  const Picture = ICONS[name];
  return <Picture size="1em" strokeWidth={2} aria-hidden="true" focusable="false" className={DIRECTIONAL.has(name) ? `${iconClass.base} ${iconClass.mirrored}` : iconClass.base} />;
}
