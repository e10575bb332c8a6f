import { afterEach, describe, expect, it } from 'vitest';
import { addLocale, setLocale } from '../../../src/i18n';
import { en } from '../../../src/i18n/en';
import { fr } from '../../../src/i18n/fr';
import { ar } from '../../../src/i18n/ar';
import { BUILT_IN_ENGLISH, deviceTypeName, feedName, signalTypeName } from '../../../src/views/ui/built-in-names';
import { DEVICE_TYPES } from '../../../src/api/contract/nodes';
import { SIGNAL_TYPES } from '../../../server/seed/patterns';

addLocale('en', en);
addLocale('fr', fr);
addLocale('ar', ar);
afterEach(() => setLocale('en'));

describe('built-in names', () => {
  it('shows a feed still named as its built-in type in the reader’s language', () => {
    setLocale('fr');
    expect(feedName({ name: 'Temperature', signalKey: 'temperature' })).toBe('Température');
    expect(feedName({ name: 'Lamp state', signalKey: 'lamp' })).toBe('État de la lampe');
  });

  it('keeps a renamed feed as typed, even when it is another built-in name', () => {
    setLocale('fr');
    expect(feedName({ name: 'Fridge A', signalKey: 'temperature' })).toBe('Fridge A');
    expect(feedName({ name: 'Humidity', signalKey: 'temperature' })).toBe('Humidity');
    expect(signalTypeName('custom_key', 'Water')).toBe('Water');
  });

  it('recognises a built-in name by itself when the answer carries no key', () => {
    setLocale('ar');
    expect(signalTypeName(null, 'Water')).toBe('المياه');
    expect(signalTypeName(null, 'Cellar')).toBe('Cellar');
  });

  it('translates every device type and leaves an unknown one as typed', () => {
    setLocale('fr');
    for (const d of DEVICE_TYPES) expect(deviceTypeName(d)).not.toBe(d);
    expect(deviceTypeName('Fridge Probe')).toBe('Sonde de réfrigérateur');
    expect(deviceTypeName('Acme X1')).toBe('Acme X1');
  });

  it('covers every seeded signal type and device type, in English as seeded', () => {
    setLocale('en');
    for (const s of SIGNAL_TYPES) expect(feedName({ name: s.name, signalKey: s.key })).toBe(s.name);
    expect([...BUILT_IN_ENGLISH].sort()).toEqual([...SIGNAL_TYPES.map((s) => s.name), ...DEVICE_TYPES].sort());
  });
});
