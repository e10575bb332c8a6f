import { assertEvent, assign, setup } from 'xstate';
import { viewport } from './viewport';
import { SCREENS } from './commands';

/** Breakpoints (docs/product.md, Layout and themes): desktop above 1220 px, tablet above 767 px, otherwise mobile. */
export const DESKTOP_MIN = 1220;
export const TABLET_MIN = 767;
export type View = 'desktop' | 'tablet' | 'mobile';

export const viewFor = (width: number): View => (width > DESKTOP_MIN ? 'desktop' : width > TABLET_MIN ? 'tablet' : 'mobile');

export interface Overlay {
  visible: boolean;
  /** Which modal or drawer, for the view to pick its content. */
  type: string | null;
  props: Record<string, unknown> | null;
}

export interface LayoutContext {
  /** The sidebar is collapsed unless the view is desktop (docs/product.md, Layout and themes). */
  collapsed: boolean;
  /** The mobile drawer holding the sidebar. */
  openDrawer: boolean;
  view: View;
  height: number;
  width: number;
  /** Expanded sidebar groups. */
  openKeys: string[];
  /** The active sidebar entry: the last path segment. */
  current: string[];
  modal: Overlay;
  drawer: Overlay;
}

export type LayoutEvent =
  | { type: 'layout.resize'; width: number; height: number }
  | { type: 'layout.collapse' }
  | { type: 'layout.drawer' }
  | { type: 'layout.route'; path: string }
  | { type: 'layout.openKeys'; keys: string[] }
  | { type: 'layout.clear' }
  | { type: 'modal.show'; modalType: string; props?: Record<string, unknown> }
  | { type: 'modal.hide' }
  | { type: 'drawer.show'; drawerType: string; props?: Record<string, unknown> }
  | { type: 'drawer.hide' };

const closed: Overlay = { visible: false, type: null, props: null };

/**
 * The last non-empty path segment selects the active entry (docs/product.md, Layout and themes); the root is the dashboard. A path whose last
 * segment is an id (`/dashboard/company/{id}`, one company's dashboard) selects the screen its first segment names.
 */
export function currentKey(path: string): string {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const last = segments.at(-1) ?? 'dashboard';
  const first = segments[0] ?? 'dashboard';
  const screens: readonly string[] = SCREENS;
  return !screens.includes(last) && screens.includes(first) ? first : last;
}

export const layoutMachine = setup({
  types: { context: {} as LayoutContext, events: {} as LayoutEvent, input: {} as { width?: number; height?: number } | undefined },
  actors: { viewport },
  guards: {
    viewChanges: ({ context, event }) => {
      assertEvent(event, 'layout.resize');
      return viewFor(event.width) !== context.view;
    },
    isMobile: ({ context }) => context.view === 'mobile',
  },
}).createMachine({
  id: 'layout',
  context: ({ input }) => {
    const width = input?.width ?? 1280;
    const view = viewFor(width);
    return {
      collapsed: view !== 'desktop', openDrawer: false, view, width, height: input?.height ?? 800,
      openKeys: [], current: ['dashboard'], modal: closed, drawer: closed,
    };
  },
  invoke: { id: 'viewport', src: 'viewport' },
  on: {
    'layout.resize': [
      {
        guard: 'viewChanges',
        actions: assign(({ event }) => {
          const view = viewFor(event.width);
          return { view, width: event.width, height: event.height, collapsed: view !== 'desktop', openDrawer: false };
        }),
      },
      { actions: assign(({ event }) => ({ width: event.width, height: event.height })) },
    ],
    'layout.collapse': { actions: assign({ collapsed: ({ context }) => !context.collapsed }) },
    'layout.drawer': { actions: assign({ openDrawer: ({ context }) => !context.openDrawer }) },
    'layout.route': [
      // On a phone the drawer closes once an entry is chosen.
      { guard: 'isMobile', actions: assign({ current: ({ event }) => [currentKey(event.path)], openDrawer: false }) },
      { actions: assign({ current: ({ event }) => [currentKey(event.path)] }) },
    ],
    'layout.openKeys': { actions: assign({ openKeys: ({ event }) => event.keys }) },
    'layout.clear': { actions: assign({ openKeys: [], current: ['dashboard'], openDrawer: false, modal: closed, drawer: closed }) },
    'modal.show': { actions: assign({ modal: ({ event }) => ({ visible: true, type: event.modalType, props: event.props ?? null }) }) },
    'modal.hide': { actions: assign({ modal: closed }) },
    'drawer.show': { actions: assign({ drawer: ({ event }) => ({ visible: true, type: event.drawerType, props: event.props ?? null }) }) },
    'drawer.hide': { actions: assign({ drawer: closed }) },
  },
});
