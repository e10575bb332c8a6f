import { describe, expect, it } from 'vitest';
import { en, type I18nKey } from '../../src/i18n/en';
import { LOCALES, currentLocale, setLocale, t, formatNumber } from '../../src/i18n';
import { loadLocale } from '../../src/i18n/load';

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('translates typed keys with parameters', () => {
    setLocale('en');
    expect(t('footer.poweredBy', { provider: 'Sitewatch' })).toBe('Powered by Sitewatch');
  });

  it('throws on a missing key in development and tests', () => {
    expect(() => t('no.such.key' as I18nKey)).toThrow(/missing key "no.such.key"/);
  });

  it('every language is complete, keeps every placeholder, and is really translated', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await loadLocale(locale);
      const dict = (await import(`../../src/i18n/${locale}.ts`))[locale] as Record<string, string>;
      expect(Object.keys(dict).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) {
        expect(placeholders(dict[k]!), `${locale} ${k}`).toEqual(placeholders(v));
        expect(dict[k]!.trim().length, `${locale} ${k}`).toBeGreaterThan(0);
      }
      // Not English copies: most strings differ from English (names such as Sitewatch and Plexus may not).
      const same = Object.keys(en).filter((k) => dict[k] === en[k as I18nKey]);
      expect(same.length / Object.keys(en).length, `${locale} copies: ${same.slice(0, 10).join(', ')}`).toBeLessThan(0.12);
      setLocale(locale);
      expect(currentLocale()).toBe(locale);
      expect(t('notFound.title')).toBe(dict['notFound.title']);
    }
    setLocale('en');
  });

  it('formats numbers in the chosen language through Intl', async () => {
    await loadLocale('fr');
    setLocale('fr');
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat('fr').format(1234.5));
    setLocale('en');
  });
});
