import type { SessionRole } from '../api/contract/common';
import type { SiteSummary } from '../api/contract/monitoring';
import type { SearchKind, SearchResult } from '../api/contract/search';
import { LANGUAGE_NAMES, LOCALES, t, type I18nKey, type Locale } from '../i18n';
import { commandsFor, companyCommandsFor, type Command, type CommandState, type Intent, type PalettePage } from './commands';
import { normalise } from './fuzzy-match';
import { BACKGROUND_THEMES, SIDEBAR_THEMES, type Mode } from './preferences.machine';

/*
 * The palette's rows: what a page offers (commands, companies, sites, languages, themes), the server's results as
 * rows, and what a query asks the server for. Plain data and translation; the machine decides when.
 */

export type ItemKind = 'command' | 'action' | 'company' | 'site' | 'node' | 'user';

/** One row of the palette: already translated, with its normalised search text. */
export interface PaletteItem {
  /** Unique within the palette: kind and entity id. */
  key: string;
  kind: ItemKind;
  label: string;
  detail: string;
  shortcut?: string;
  intent: Intent;
  hay: string;
  current?: boolean;
}

/** What the palette needs to know of the app when it opens (data, not rules). */
export interface PaletteScope extends CommandState {
  role: SessionRole;
  companyId: string | null;
  companies: { id: string; name: string }[];
  locale: Locale;
  theme: { sidebar: string; topbar: string; background: string };
}

const PREFIXES: Record<string, ItemKind[]> = { '>': ['command', 'action'], '#': ['site'], '@': ['user'], '!': ['node'] };

/** A GitHub-style prefix narrows the kinds; the rest is the text to match. */
export function parseQuery(query: string): { kinds: ItemKind[] | null; text: string } {
  const kinds = PREFIXES[query.charAt(0)];
  return kinds ? { kinds, text: query.slice(1).trim() } : { kinds: null, text: query.trim() };
}

const PAGE_KEYS: Record<PalettePage, I18nKey> = {
  root: 'palette.page.root',
  company: 'palette.page.company',
  shadowUser: 'palette.page.shadowUser',
  shadowCompany: 'palette.page.shadowCompany',
  language: 'palette.page.language',
  theme: 'palette.page.theme',
};
export const pageTitle = (page: PalettePage): string => t(PAGE_KEYS[page]);

const item = (kind: ItemKind, id: string, label: string, detail: string, intent: Intent, extra: Partial<PaletteItem> = {}): PaletteItem => ({
  key: `${kind}:${id}`,
  kind,
  label,
  detail,
  intent,
  hay: normalise(`${label} ${detail}`),
  ...extra,
});

const commandItem = (c: Command): PaletteItem =>
  item(c.event.type === 'navigate' ? 'command' : 'action', c.id, t(c.labelKey), '', c.event, {
    shortcut: c.shortcut,
    hay: normalise(`${t(c.labelKey)} ${c.keywords.join(' ')}`),
  });

const siteItem = (s: SiteSummary, byId: Map<string, SiteSummary>): PaletteItem =>
  item('site', s.id, s.name, [s.parentSiteId ? byId.get(s.parentSiteId)?.name : null, s.address].filter(Boolean).join(' · '), {
    type: 'navigate',
    path: `/site-dashboard?site=${encodeURIComponent(s.id)}`,
  });

export function resultItem(r: SearchResult): PaletteItem {
  switch (r.kind) {
    case 'site':
      return item('site', r.id, r.label, r.detail, { type: 'navigate', path: `/site-dashboard?site=${encodeURIComponent(r.id)}` });
    case 'node':
      return item('node', r.id, r.label, r.detail, {
        type: 'navigate',
        path: `/site-dashboard?site=${encodeURIComponent(r.siteId ?? '')}&node=${encodeURIComponent(r.id)}`,
      });
    case 'user':
      return item('user', r.id, r.label, r.detail, { type: 'shadow.user', userId: r.id });
    case 'company':
      return item('company', r.id, r.label, r.detail, { type: 'company.switch', companyId: r.id });
  }
}

export function siteItems(sites: SiteSummary[]): PaletteItem[] {
  const byId = new Map(sites.map((s) => [s.id, s]));
  return sites.map((s) => siteItem(s, byId));
}

/** The items of a page, before matching; `sites` from siteItems. */
export function localItems(page: PalettePage, scope: PaletteScope, sites: PaletteItem[]): PaletteItem[] {
  switch (page) {
    case 'root': {
      const out = commandsFor(scope.role, scope).map(commandItem);
      if (!scope.isShadow && scope.companies.length > 1)
        for (const c of scope.companies)
          out.push(item('company', c.id, c.name, t('palette.kind.company'), { type: 'company.switch', companyId: c.id }, { current: c.id === scope.companyId }));
      for (const cc of companyCommandsFor(scope.role, scope))
        for (const c of scope.companies) {
          const label = t(cc.labelKey, { company: c.name });
          const detail = t(cc.detailKey);
          out.push(item('company', `${cc.id}-${c.id}`, label, detail, cc.event(c.id), { hay: normalise(`${label} ${detail} ${cc.keywords.join(' ')}`) }));
        }
      return out.concat(sites);
    }
    case 'company':
      return scope.companies.map((c) => item('company', c.id, c.name, '', { type: 'company.switch', companyId: c.id }, { current: c.id === scope.companyId }));
    case 'shadowCompany':
      return scope.canShadow ? scope.companies.map((c) => item('company', `shadow-${c.id}`, c.name, '', { type: 'shadow.company', companyId: c.id })) : [];
    case 'shadowUser':
      return [];
    case 'language':
      return LOCALES.map((l) => item('action', `language-${l}`, LANGUAGE_NAMES[l], l, { type: 'preferences.language', locale: l }, { current: l === scope.locale }));
    case 'theme': {
      const out: PaletteItem[] = [];
      const parts = [
        ['sidebar', 'theme.sidebar', SIDEBAR_THEMES],
        ['topbar', 'theme.topbar', SIDEBAR_THEMES],
        ['background', 'theme.background', BACKGROUND_THEMES],
      ] as const;
      for (const [part, key, options] of parts)
        for (const o of options) {
          const option = o === 'default' ? t('theme.default') : t('theme.option', { n: o.replace('theme', '') });
          out.push(
            item('action', `theme-${part}-${o}`, t('palette.themeOption', { part: t(key), option }), '', { type: 'preferences.theme', part, value: o }, { current: scope.theme[part] === o }),
          );
        }
      for (const mode of ['light', 'dark'] as Mode[])
        out.push(item('action', `mode-${mode}`, t(mode === 'dark' ? 'palette.dark' : 'palette.light'), '', { type: 'preferences.mode', mode }, { current: scope.mode === mode }));
      return out;
    }
  }
}

/** The server kinds a query asks for on a page; empty when the local items answer it alone. */
export function remoteKinds(page: PalettePage, query: string, scope: PaletteScope | null): SearchKind[] {
  const { kinds, text } = parseQuery(query);
  if (page === 'shadowUser') return scope?.canShadow && query.trim().length >= 1 ? ['user'] : [];
  if (page !== 'root' || text.length < 2) return [];
  const wanted: SearchKind[] = ['site', 'node', ...(scope?.canShadow ? (['user'] as const) : [])];
  return kinds ? wanted.filter((k) => kinds.includes(k)) : wanted;
}

