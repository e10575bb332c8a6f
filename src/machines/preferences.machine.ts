import { and, assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { readStoredPreferences, writeStoredPreferences } from '../storage/browser-storage';
import { LOCALES, type Locale } from '../i18n';
import { applyToDocument } from '../storage/document';
import { loadLocale } from '../i18n/load';

export const SIDEBAR_THEMES = ['default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6', 'theme7'] as const;
export const TOPBAR_THEMES = SIDEBAR_THEMES;
export const BACKGROUND_THEMES = ['default', 'theme1', 'theme2', 'theme3'] as const;
export type SidebarTheme = (typeof SIDEBAR_THEMES)[number];
export type BackgroundTheme = (typeof BACKGROUND_THEMES)[number];
export type ThemePart = 'sidebar' | 'topbar' | 'background';
export type Mode = 'light' | 'dark';

export interface Preferences {
  locale: Locale;
  sidebarTheme: SidebarTheme;
  topbarTheme: SidebarTheme;
  /** The layout (content background) theme; docs/product.md, Layout and themes: changing it sets the content background colour. */
  backgroundTheme: BackgroundTheme;
  /** Dark covers every surface, for wall displays. */
  mode: Mode;
}

export const DEFAULT_PREFERENCES: Preferences = {
  locale: 'en',
  sidebarTheme: 'default',
  topbarTheme: 'default',
  backgroundTheme: 'default',
  mode: 'light',
};

export type PreferencesEvent =
  | { type: 'preferences.language'; locale: Locale }
  | { type: 'preferences.theme'; part: ThemePart; value: string }
  | { type: 'preferences.mode'; mode: Mode }
  | { type: 'preferences.reset' }
  /** The account's language after sign-in: taken only while this browser has no choice of its own. */
  | { type: 'preferences.suggest'; locale: Locale };

export type PreferencesCommand = { type: 'preferences.save'; preferences: Preferences } | { type: 'preferences.apply'; preferences: Preferences };

/** Accepts a stored value only when every field is one we know; anything else falls back to the default. */
export function sanitize(raw: unknown): Preferences {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pick = <T extends string>(v: unknown, allowed: readonly T[], d: T): T => (allowed.includes(v as T) ? (v as T) : d);
  return {
    locale: pick(r.locale, LOCALES, DEFAULT_PREFERENCES.locale),
    sidebarTheme: pick(r.sidebarTheme, SIDEBAR_THEMES, 'default'),
    topbarTheme: pick(r.topbarTheme, TOPBAR_THEMES, 'default'),
    backgroundTheme: pick(r.backgroundTheme, BACKGROUND_THEMES, 'default'),
    mode: pick(r.mode, ['light', 'dark'] as const, 'light'),
  };
}

const loadPreferences = fromPromise<Preferences & { chosen?: boolean }>(async () => {
  const stored = readStoredPreferences();
  return stored === null ? DEFAULT_PREFERENCES : { ...sanitize(stored), chosen: true };
});

/** Stores preferences and applies them to the document: language, direction and the theme attributes. */
const preferencesStore = fromCallback<PreferencesCommand>(({ receive }) => {
  receive((cmd) => {
    if (cmd.type === 'preferences.save') writeStoredPreferences(cmd.preferences);
    applyToDocument(cmd.preferences);
  });
});

const isPart = (part: ThemePart, value: string) =>
  part === 'background' ? (BACKGROUND_THEMES as readonly string[]).includes(value) : (SIDEBAR_THEMES as readonly string[]).includes(value);

export const preferencesMachine = setup({
  types: {
    context: {} as Preferences & {
      /** True once this browser has a stored or explicit choice; a suggested language never overrides it. */
      chosen: boolean;
      /** The language whose dictionary is being fetched; the interface switches when it has arrived. */
      pending: Locale | null;
      /** Whether the pending language is a choice to store, or only a suggestion. */
      storePending: boolean;
    },
    events: {} as PreferencesEvent,
  },
  actors: {
    loadPreferences,
    preferencesStore,
    loadDictionary: fromPromise<void, { locale: Locale }>(({ input }) => loadLocale(input.locale)),
  },
  actions: {
    save: sendTo('store', ({ context }): PreferencesCommand => ({ type: 'preferences.save', preferences: pickPreferences(context) })),
    apply: sendTo('store', ({ context }): PreferencesCommand => ({ type: 'preferences.apply', preferences: pickPreferences(context) })),
  },
  guards: {
    knownLocale: ({ event }) => {
      assertEvent(event, ['preferences.language', 'preferences.suggest']);
      return (LOCALES as readonly string[]).includes(event.locale);
    },
    notChosen: ({ context }) => !context.chosen,
    storesPending: ({ context }) => context.storePending,
    knownTheme: ({ event }) => {
      assertEvent(event, 'preferences.theme');
      return isPart(event.part, event.value);
    },
  },
}).createMachine({
  id: 'preferences',
  context: { ...DEFAULT_PREFERENCES, chosen: false, pending: null, storePending: false },
  invoke: { id: 'store', src: 'preferencesStore' },
  initial: 'loading',
  on: {
    'preferences.language': {
      guard: 'knownLocale',
      target: '.switching',
      actions: assign({ pending: ({ event }) => event.locale, storePending: true, chosen: true }),
    },
    'preferences.suggest': {
      guard: and(['notChosen', 'knownLocale']),
      target: '.switching',
      actions: assign({ pending: ({ event }) => event.locale, storePending: false }),
    },
    'preferences.theme': {
      guard: 'knownTheme',
      actions: [
        assign(({ event }) =>
          event.part === 'sidebar'
            ? { sidebarTheme: event.value as SidebarTheme, chosen: true }
            : event.part === 'topbar'
              ? { topbarTheme: event.value as SidebarTheme, chosen: true }
              : { backgroundTheme: event.value as BackgroundTheme, chosen: true },
        ),
        'save',
      ],
    },
    'preferences.mode': { actions: [assign({ mode: ({ event }) => event.mode, chosen: true }), 'save'] },
    'preferences.reset': { target: '.ready', actions: [assign(() => ({ ...DEFAULT_PREFERENCES, chosen: false, pending: null })), 'save'] },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadPreferences',
        // Everything but the language applies at once; the language waits for its dictionary.
        onDone: {
          target: 'switching',
          actions: [
            assign(({ event }) => ({ ...event.output, locale: 'en' as const, chosen: event.output.chosen ?? false, pending: event.output.locale, storePending: false })),
            'apply',
          ],
        },
        onError: { target: 'ready', actions: 'apply' },
      },
    },
    switching: {
      invoke: {
        id: 'dictionary',
        src: 'loadDictionary',
        input: ({ context }) => ({ locale: context.pending ?? 'en' }),
        onDone: [
          { guard: 'storesPending', target: 'ready', actions: [assign(({ context }) => ({ locale: context.pending ?? context.locale, pending: null })), 'save'] },
          { target: 'ready', actions: [assign(({ context }) => ({ locale: context.pending ?? context.locale, pending: null })), 'apply'] },
        ],
        // Without its dictionary a language cannot be shown: stay in the current one.
        onError: { target: 'ready', actions: assign({ pending: null }) },
      },
    },
    ready: {},
  },
});

export function pickPreferences(c: Preferences): Preferences {
  return { locale: c.locale, sidebarTheme: c.sidebarTheme, topbarTheme: c.topbarTheme, backgroundTheme: c.backgroundTheme, mode: c.mode };
}
