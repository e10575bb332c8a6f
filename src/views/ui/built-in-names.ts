import { t, type I18nKey } from '../../i18n';

/**
 * The signal types and device types the product ships with, by their English name as stored. A name still equal to
 * its built-in English name was never typed by the company, so the reader sees it in their language; a renamed one
 * is the company's own words and shows as typed.
 */
const SIGNALS: Readonly<Record<string, { name: string; key: I18nKey }>> = {
  temperature: { name: 'Temperature', key: 'builtIn.signal.temperature' },
  humidity: { name: 'Humidity', key: 'builtIn.signal.humidity' },
  battery: { name: 'Battery', key: 'builtIn.signal.battery' },
  lamp: { name: 'Lamp state', key: 'builtIn.signal.lamp' },
  energy: { name: 'Energy', key: 'builtIn.signal.energy' },
  water: { name: 'Water', key: 'builtIn.signal.water' },
};

const DEVICES: Readonly<Record<string, I18nKey | undefined>> = {
  'Pulse Logger': 'builtIn.device.pulseLogger',
  'Fridge Probe': 'builtIn.device.fridgeProbe',
  'Temperature & Humidity': 'builtIn.device.tempHumidity',
  'Emergency Light': 'builtIn.device.emergencyLight',
};

const BY_NAME = new Map(Object.values(SIGNALS).map((s) => [s.name, s.key]));

/** The English words of every built-in label, for checks that a translated page shows none of them. */
export const BUILT_IN_ENGLISH: readonly string[] = [...Object.values(SIGNALS).map((s) => s.name), ...Object.keys(DEVICES)];

/**
 * A signal type's (or a feed's) name to show: translated while it is still the built-in English name of its type.
 * Without a key (answers that do not carry one) any built-in English name counts.
 */
export function signalTypeName(key: string | null | undefined, name: string): string {
  if (key == null) {
    const k = BY_NAME.get(name);
    return k ? t(k) : name;
  }
  const s = Object.hasOwn(SIGNALS, key) ? SIGNALS[key] : undefined;
  return s && s.name === name ? t(s.key) : name;
}

/** A feed's name to show (see signalTypeName). */
export function feedName(feed: { name: string; signalKey?: string | null }): string {
  return signalTypeName(feed.signalKey, feed.name);
}

/** A device type's label; the value itself stays English, as the API knows it. */
export function deviceTypeName(type: string): string {
  const k = Object.hasOwn(DEVICES, type) ? DEVICES[type] : undefined;
  return k ? t(k) : type;
}
