import { afterEach, describe, expect, it } from 'vitest';
import { addLocale, setLocale } from '../../../src/i18n';
import { ar } from '../../../src/i18n/ar';
import { fr } from '../../../src/i18n/fr';
import { formatRange, formatReading, formatReadingWithRange } from '../../../src/views/ui/reading-format';

afterEach(() => setLocale('en'));

describe('readings as people read them', () => {
  it('writes a value with its unit, a switch as On or Off, and a range out', () => {
    expect(formatReading(9.987, '°C')).toBe('9.99 °C');
    // A wall's exact decimals: one, always, so 4.0 stands beside 3.8.
    expect(formatReading(4, '°C', 1, true)).toBe('4.0 °C');
    expect(formatReading(3.849, '°C', 1, true)).toBe('3.8 °C');
    expect(formatReading(1, 'on/off', 1, true)).toBe('On');
    expect(formatReading(0, 'on/off')).toBe('Off');
    expect(formatRange(2, 8, '°C')).toBe('2–8 °C');
    expect(formatRange(10, null, '%')).toBe('≥ 10 %');
    expect(formatRange(null, null, '%')).toBeNull();
    expect(formatReadingWithRange(9.99, '°C', { min: 2, max: 8 })).toBe('9.99 °C, safe 2–8 °C');
  });

  it('uses one number format per language: a French page never shows 9.99 beside 10,51', () => {
    addLocale('fr', fr);
    setLocale('fr');
    expect(formatReading(9.99, '°C')).toBe('9,99 °C');
    expect(formatRange(2.5, 8, '°C')).toBe('2,5–8 °C');
  });

  it('keeps a value left to right inside Arabic text, so °C never shows as C°', () => {
    addLocale('ar', ar);
    setLocale('ar');
    const v = formatReading(17.96, '°C');
    expect(v.startsWith('\u2066')).toBe(true);
    expect(v.endsWith('\u2069')).toBe(true);
    expect(formatReading(1, 'on/off')).toBe('تشغيل');
  });
});
