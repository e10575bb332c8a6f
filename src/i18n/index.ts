import rosetta from 'rosetta';
import { en, type Dictionary, type I18nKey } from './en';

export type { I18nKey } from './en';
export const LOCALES = ['en', 'zh', 'es', 'fr', 'it', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

const i18n = rosetta<Dictionary>({ en });
i18n.locale('en');

const strict = import.meta.env?.DEV === true || import.meta.env?.MODE === 'test';

/** Adds a language's dictionary; the other languages arrive with the app shell. */
export function addLocale(locale: Locale, dict: Partial<Dictionary>): void {
  i18n.set(locale, dict as Dictionary);
}

export function setLocale(locale: Locale): void {
  i18n.locale(locale);
}

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
