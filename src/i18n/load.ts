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

/** Makes a language usable; resolves once its dictionary is registered. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en' || isRegistered(locale)) return;
  addLocale(locale, await LOADERS[locale]());
}
