import { addLocale, isRegistered, type Locale } from './index';
import type { Dictionary } from './en';

/** Each language but English is its own chunk, fetched when chosen, so start-up carries one dictionary. */
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Dictionary>> = {
  zh: () => import('./zh').then((m) => m.zh),
  es: () => import('./es').then((m) => m.es),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  ar: () => import('./ar').then((m) => m.ar),
};

/** Makes a language usable; resolves once its dictionary is registered. English is usable from the start. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || isRegistered(locale)) return;
  addLocale(locale, await LOADERS[locale]());
}

let english: Promise<void> | null = null;

/**
 * The rest of English: the start-up carries only what the sign-in page and the session's notices say (en-start.ts);
 * every other page waits for this first. Loaded once; a failed load is tried again by the next page.
 */
export function loadEnglish(): Promise<void> {
  english ??= import('./en').then(
    (m) => addLocale('en', m.en),
    (e: unknown) => {
      english = null;
      throw e;
    },
  );
  return english;
}
