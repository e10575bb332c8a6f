import rosetta from 'rosetta';
import type { Dictionary, I18nKey } from './en';
import { enStart } from './en-start';

export type { I18nKey } from './en';
export const LOCALES = ['en', 'zh', 'es', 'fr', 'it', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
/**
 * Each language by its own name, whatever the page's language: a reader looking for theirs finds it written as they
 * write it, so these are no dictionary's words.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', zh: '中文', es: 'Español', fr: 'Français', it: 'Italiano', ar: 'العربية' };

/** Which way a language's text runs: the page's, and a field holding text in a language other than the page's. */
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

// English starts with the start-up part only (en-start.ts); loadEnglish (load.ts) adds the rest. A copy: rosetta
// adds a language's later words into the table it holds.
const i18n = rosetta<Partial<Dictionary>>({ en: { ...enStart } });
i18n.locale('en');
/** Languages whose whole dictionary is in. */
const registered = new Set<Locale>();

const strict = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

/** Adds a language's whole dictionary (see load.ts). */
export function addLocale(locale: Locale, dict: Dictionary): void {
  i18n.set(locale, dict);
  registered.add(locale);
}

export const isRegistered = (locale: Locale): boolean => registered.has(locale);

/** The languages offered: every language is loaded on demand (see load.ts). */
export function availableLocales(): Locale[] {
  return [...LOCALES];
}

/** Switches language; a language without a dictionary falls back to English. */
export function setLocale(locale: Locale): void {
  i18n.locale(registered.has(locale) ? locale : 'en');
}

/** Dates and numbers in the chosen language, through Intl. */
export const formatDate = (d: Date | number, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) =>
  new Intl.DateTimeFormat(currentLocale(), opts).format(d);
export const formatNumber = (n: number, opts?: Intl.NumberFormatOptions) => new Intl.NumberFormat(currentLocale(), opts).format(n);

export function currentLocale(): Locale {
  return i18n.locale() as Locale;
}

/** Translates a typed key; a key missing from the active dictionary throws in development and tests. */
export function t(key: I18nKey, params?: Record<string, string | number>): string {
  const hit = i18n.t([key], params ?? {});
  if (hit) return hit;
  if (strict) throw new Error(`i18n: missing key "${key}" for locale "${currentLocale()}"`);
  return i18n.t([key], params ?? {}, 'en') || key;
}
