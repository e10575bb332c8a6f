/**
 * How each kind of device behaves, as functions of time. The seed draws history from them and the simulator
 * continues them live, so both must agree: every instant signal is a pure function of (device serial, time) and every
 * counter a pure rate integrated by the caller. Noise comes from a hash of the serial and the minute, not from a
 * stateful generator, so any instant can be drawn on its own.
 */

export const STEP_MS = 15 * 60_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const SIGNAL_TYPES = [
  { key: 'temperature', name: 'Temperature', unit: '°C', kind: 'instant' },
  { key: 'humidity', name: 'Humidity', unit: '%', kind: 'instant' },
  { key: 'battery', name: 'Battery', unit: '%', kind: 'instant' },
  { key: 'lamp', name: 'Lamp state', unit: 'on/off', kind: 'instant' },
  { key: 'energy', name: 'Energy', unit: 'kWh', kind: 'counter' },
  { key: 'water', name: 'Water', unit: 'm³', kind: 'counter' },
] as const;
export type SignalKey = (typeof SIGNAL_TYPES)[number]['key'];

export const DEVICE_TYPES = ['Fridge Probe', 'Temperature & Humidity', 'Emergency Light', 'Pulse Logger'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export type CustomerType = 'UKE' | 'Mackwell' | 'EPS';

// ---------- deterministic noise ----------

/** A 32-bit hash of two integers (murmur3's finaliser over a mixed pair). */
export function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b | 0, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
/** Uniform in [0, 1). */
export const unit = (a: number, b: number) => mix(a, b) / 4_294_967_296;
/** Roughly normal, mean 0, standard deviation 1 (a sum of three uniforms). */
const gauss = (a: number, b: number) => (unit(a, b) + unit(a ^ 0x5bd1e995, b) + unit(a ^ 0x1b873593, b) - 1.5) * 2;

/** FNV-1a of a string: the seed of one device's behaviour. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small seeded generator (mulberry32) for laying out the world. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

// ---------- local time ----------

const offsetCaches = new Map<string, Map<number, number>>();
const formatters = new Map<string, Intl.DateTimeFormat>();

// The last answer, ahead of the caches: a feed's history asks for the same zone and hour several times in a row.
let lastZone = '';
let lastHour = NaN;
let lastOffset = 0;

/** The zone's offset from UTC in ms at `ts`, cached per zone and hour (offsets change on the hour). */
export function zoneOffset(tz: string, ts: number): number {
  const hour = Math.floor(ts / HOUR_MS);
  if (hour === lastHour && tz === lastZone) return lastOffset;
  lastZone = tz;
  lastHour = hour;
  lastOffset = hourOffset(tz, hour);
  return lastOffset;
}

function hourOffset(tz: string, hour: number): number {
  let cache = offsetCaches.get(tz);
  if (!cache) offsetCaches.set(tz, (cache = new Map()));
  const hit = cache.get(hour);
  if (hit !== undefined) return hit;
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(tz, f);
  }
  const at = hour * HOUR_MS;
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  const offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - at;
  if (cache.size > 100_000) cache.clear();
  cache.set(hour, offset);
  return offset;
}

/** Hours since local midnight, with fractions. */
const localHour = (tz: string, ts: number) => ((ts + zoneOffset(tz, ts)) % 86_400_000) / HOUR_MS;
/** 0 Sunday … 6 Saturday (1 January 1970 was a Thursday). */
const localWeekday = (tz: string, ts: number) => (Math.floor((ts + zoneOffset(tz, ts)) / 86_400_000) + 4) % 7;

// ---------- models ----------

/** An instant signal: its value at any time. */
export interface InstantModel {
  kind: 'instant';
  at(ts: number): number;
  /** Decimals the device reports. */
  decimals: number;
}
/** A cumulative register: its rate (units per hour) at any time; the caller integrates and never goes back. */
export interface CounterModel {
  kind: 'counter';
  /** The register when the history begins. */
  start: number;
  ratePerHour(ts: number): number;
  decimals: number;
}
export type FeedModel = InstantModel | CounterModel;

export interface ModelInput {
  deviceType: string;
  signalKey: string;
  serial: string;
  timezone: string;
  customerType: CustomerType;
}

/**
 * The shape every incident of the demo world shares: up over the first quarter of [from, to), a plateau, back down over
 * the last quarter; 0 outside.
 */
export function incidentShape(from: number, to: number, ts: number): number {
  if (ts < from || ts >= to) return 0;
  const q = (to - from) / 4;
  return Math.min(1, (ts - from + STEP_MS) / q, (to - ts) / q);
}

/**
 * A fridge's door left open, now and then and with no plan behind it: on about one day in this many per fridge, between
 * 08:00 and 20:00 local, for 75–150 minutes, up to 5–7 °C warmer. Part of the pattern, so the simulator meets these
 * breaches live as the seed met them in the history (docs/decisions.md, "Alert history").
 */
export const DOOR_LEFT_OPEN_DAYS = 60;

/** The door-left-open warmth at local wall-clock time `wall` (an incident may run on past midnight). */
function doorLeftOpen(seed: number, wall: number): number {
  const today = Math.floor(wall / DAY_MS);
  for (let day = today; day >= today - 1; day--) {
    if (unit(seed ^ 0x0d0e1f, day) >= 1 / DOOR_LEFT_OPEN_DAYS) continue;
    const from = day * DAY_MS + 8 * HOUR_MS + Math.floor(unit(seed ^ 0x1d0e1f, day) * 48) * STEP_MS;
    const to = from + (5 + Math.floor(unit(seed ^ 0x2d0e1f, day) * 6)) * STEP_MS;
    const shape = incidentShape(from, to, wall);
    if (shape > 0) return (5 + 2 * unit(seed ^ 0x3d0e1f, day)) * shape;
  }
  return 0;
}

/** Fridge probe: a 2–8 °C fridge with compressor ripple, door-open spikes by day, a nightly defrost and a rare door left open. */
function fridge(seed: number, tz: string): InstantModel {
  const setpoint = 3.9 + 1.2 * unit(seed, 1);
  const phase = unit(seed, 2) * 2 * Math.PI;
  const cyclePeriod = (32 + 12 * unit(seed, 3)) * MINUTE_MS;
  const busy = 0.03 + 0.06 * unit(seed, 4);
  // Defrost starts between 02:00 and 04:45 local, in whole 15-minute steps.
  const defrostStep = 8 + Math.floor(unit(seed, 5) * 12);
  const DEFROST = [1.4, 2.1, 0.8];
  const doorSpike = (slot: number, tsOfSlot: number) => {
    const h = localHour(tz, tsOfSlot);
    if (h < 7 || h >= 21) return 0;
    return unit(seed ^ 0x00d00d, slot) < busy ? 0.9 + 1.9 * unit(seed ^ 0x0a3b1c, slot) : 0;
  };
  return {
    kind: 'instant',
    decimals: 2,
    at(ts) {
      const slot = Math.floor(ts / STEP_MS);
      let v = setpoint + 0.3 * Math.sin((2 * Math.PI * ts) / cyclePeriod + phase) + 0.1 * gauss(seed, Math.floor(ts / MINUTE_MS));
      // A door opening warms the cabinet for a while; the air recovers over about half an hour.
      for (let k = 0; k < 3; k++) v += doorSpike(slot - k, (slot - k) * STEP_MS) * 0.45 ** k;
      const stepOfDay = Math.floor(localHour(tz, ts) * 4);
      const d = stepOfDay - defrostStep;
      if (d >= 0 && d < DEFROST.length) v += DEFROST[d]!;
      v += doorLeftOpen(seed, ts + zoneOffset(tz, ts));
      return round(v, 2);
    },
  };
}

/** A room: heating or cooling around a setpoint, warmer in the afternoon; some rooms run warm. */
function roomTemperature(seed: number, tz: string): InstantModel {
  const warm = unit(seed, 7) < 0.06 ? 3.6 : 0;
  const setpoint = 19.3 + 2.6 * unit(seed, 1) + warm;
  const amplitude = 0.5 + 0.8 * unit(seed, 2);
  return {
    kind: 'instant',
    decimals: 2,
    at(ts) {
      const hour = localHour(tz, ts);
      let v = setpoint + amplitude * Math.cos((2 * Math.PI * (hour - 15)) / 24);
      if (hour < 6) v -= 0.6;
      return round(v + 0.15 * gauss(seed, Math.floor(ts / MINUTE_MS)), 2);
    },
  };
}

function roomHumidity(seed: number, tz: string): InstantModel {
  const base = 38 + 18 * unit(seed, 11);
  return {
    kind: 'instant',
    decimals: 1,
    at(ts) {
      const hour = localHour(tz, ts);
      const v = base - 5 * Math.cos((2 * Math.PI * (hour - 15)) / 24) + 1.2 * gauss(seed ^ 0x4855, Math.floor(ts / MINUTE_MS));
      return round(Math.min(99, Math.max(5, v)), 1);
    },
  };
}

/**
 * About one monthly test in this many fails: the battery cannot hold the lamp, runs flat within a quarter of an hour
 * (the lamp goes out) and then recharges like any other. Part of the pattern, like a door left open.
 */
export const FAILED_TEST_MONTHS = 12;
/** How long a monthly test runs the lamp on its battery. */
export const EMERGENCY_TEST_MS = 45 * MINUTE_MS;
const TEST_MS = EMERGENCY_TEST_MS;
const RECHARGE_MS = 8 * HOUR_MS;
/** How long a failing battery holds the lamp. */
const FAILING_HOLD_MS = 15 * MINUTE_MS;

/**
 * The battery of a light whose test began `since` ms ago (negative before it) and failed, down to `low` %: flat a
 * quarter of an hour in, then recharging over 8 hours. The seed's planned failures draw the same curve.
 */
export function failedTestCharge(since: number, low: number): number {
  if (since < 0) return 100;
  const depth = 100 - low;
  if (since < TEST_MS) return Math.round(100 - depth * Math.min(1, (since + 5 * MINUTE_MS) / FAILING_HOLD_MS));
  const after = since - TEST_MS;
  return after < RECHARGE_MS ? Math.round(low + depth * (after / RECHARGE_MS)) : 100;
}

/** The lamp through a failed test (`since` in [0, 45 minutes)): out once the battery is flat. */
export const failedTestLamp = (since: number): number => (since >= 0 && since < FAILING_HOLD_MS ? 1 : 0);

/** A battery that ran flat `since` ms ago and stays flat (a dead cell): the fall of a failed test without the recharge. */
export const deadCharge = (since: number, low: number): number => failedTestCharge(Math.min(since, FAILING_HOLD_MS), low);

/** When a light tests itself: a fixed day (1–28) and hour (09–15) of every local month, drawn from its serial. */
function testSchedule(seed: number) {
  return { day: 1 + Math.floor(unit(seed, 21) * 28), hour: 9 + Math.floor(unit(seed, 22) * 7) };
}

/** The starts of an emergency light's monthly tests in [from, to), for laying incidents on them. */
export function emergencyTests(serial: string, tz: string, from: number, to: number): number[] {
  const { day, hour } = testSchedule(seedOf(serial));
  const out: number[] = [];
  const first = new Date(from + zoneOffset(tz, from));
  for (let m = first.getUTCMonth() - 1; ; m++) {
    const wall = Date.UTC(first.getUTCFullYear(), m, day, hour);
    const ts = wall - zoneOffset(tz, wall - zoneOffset(tz, wall));
    if (ts >= to) return out;
    if (ts >= from) out.push(ts);
  }
}

/**
 * Emergency light: the battery floats at 100 % until the monthly test, when the lamp runs on battery for 45
 * minutes and the battery recharges over 8 hours. About 6 % of lights have a tired battery (a deep discharge) and
 * 2 % a failed one (stuck low, out of range every time); about one test in twelve fails (failedTestCharge).
 */
function emergencyLight(seed: number, tz: string, signal: 'battery' | 'lamp'): InstantModel {
  const { day: testDay, hour: testHour } = testSchedule(seed);
  const health = unit(seed, 23);
  const failed = health < 0.02;
  const depth = health < 0.08 ? 52 + 16 * unit(seed, 24) : 14 + 14 * unit(seed, 24);
  // The month of the last call and its test (and the previous month's), so a history costs a Date per month, not per step.
  let monthFrom = Infinity;
  let monthTo = -Infinity;
  let test = 0;
  let previousTest = 0;
  let month = 0;
  // The month of the test the last call measured from, beside its answer: a history allocates nothing per step.
  let testMonth = 0;
  const sinceTest = (ts: number): number => {
    // Local wall-clock time as if it were UTC, so calendar arithmetic needs no zone.
    const wall = ts + zoneOffset(tz, ts);
    if (wall < monthFrom || wall >= monthTo) {
      const d = new Date(wall);
      const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
      monthFrom = Date.UTC(y, m, 1);
      monthTo = Date.UTC(y, m + 1, 1);
      test = Date.UTC(y, m, testDay, testHour);
      previousTest = Date.UTC(y, m - 1, testDay, testHour);
      month = y * 12 + m;
    }
    testMonth = test > wall ? month - 1 : month;
    return wall - (test > wall ? previousTest : test);
  };
  return {
    kind: 'instant',
    decimals: 0,
    at(ts) {
      const since = sinceTest(ts);
      const testing = since >= 0 && since < TEST_MS;
      const failing = since < TEST_MS + RECHARGE_MS && unit(seed ^ 0x0fa11d, testMonth) < 1 / FAILED_TEST_MONTHS;
      if (signal === 'lamp') return failing && testing ? failedTestLamp(since) : testing ? 1 : 0;
      let v = 100;
      if (failed) v = Math.round(31 + 8 * unit(seed, 25) + gauss(seed, Math.floor(ts / HOUR_MS)));
      else if (testing) v = Math.round(100 - depth * Math.min(1, (since + 5 * MINUTE_MS) / TEST_MS));
      else if (since - TEST_MS < RECHARGE_MS) v = Math.round(100 - depth * (1 - (since - TEST_MS) / RECHARGE_MS));
      // A failed test recharges to what the battery usually holds, not past it.
      return failing ? Math.min(v, failedTestCharge(since, 3 + Math.round(6 * unit(seed ^ 0x1fa11d, testMonth)))) : v;
    },
  };
}

/** How busy a building is (0–1.2) by local hour and weekday, per customer type. */
function occupancy(customer: CustomerType, hour: number, weekday: number): number {
  const weekend = weekday === 0 || weekday === 6;
  if (customer === 'EPS') {
    // Offices and clinics: working hours on weekdays.
    if (weekend) return 0.3;
    return hour >= 8 && hour < 19 ? 1 : hour >= 6 && hour < 21 ? 0.55 : 0.3;
  }
  if (customer === 'Mackwell') {
    // Estates: lighting and common areas, busiest in the evening.
    return hour >= 17 && hour < 23 ? 1.1 : hour >= 6 && hour < 9 ? 0.8 : hour >= 23 || hour < 6 ? 0.55 : 0.6;
  }
  // Care homes and pharmacies: always occupied, with meal-time peaks.
  const meal = (hour >= 7 && hour < 9) || (hour >= 12 && hour < 14) || (hour >= 17 && hour < 19) ? 0.3 : 0;
  return (hour >= 7 && hour < 22 ? 0.85 : 0.6) + meal;
}

function pulse(seed: number, tz: string, customer: CustomerType, signal: 'energy' | 'water'): CounterModel {
  const energy = signal === 'energy';
  const scale = energy ? 4 + 36 * unit(seed, 31) : 0.04 + 0.5 * unit(seed, 31);
  return {
    kind: 'counter',
    decimals: energy ? 2 : 3,
    start: energy ? Math.round(12_000 + 240_000 * unit(seed, 32)) : Math.round(400 + 18_000 * unit(seed, 32)),
    ratePerHour(ts) {
      const hour = localHour(tz, ts);
      let occ = occupancy(customer, hour, localWeekday(tz, ts));
      // Water is used by people, so nights are nearly still.
      if (!energy && (hour < 6 || hour >= 23)) occ *= 0.15;
      return Math.max(0, scale * occ * (1 + 0.12 * gauss(seed, Math.floor(ts / MINUTE_MS))));
    },
  };
}

/** The behaviour of one feed, from what the seed and the simulator both know about its device. */
export function feedModel(input: ModelInput): FeedModel | null {
  const seed = seedOf(`${input.serial}:${input.signalKey}`);
  const tz = input.timezone;
  switch (`${input.deviceType}/${input.signalKey}`) {
    case 'Fridge Probe/temperature':
      return fridge(seed, tz);
    case 'Temperature & Humidity/temperature':
      return roomTemperature(seed, tz);
    case 'Temperature & Humidity/humidity':
      return roomHumidity(seed, tz);
    case 'Emergency Light/battery':
      return emergencyLight(seedOf(input.serial), tz, 'battery');
    case 'Emergency Light/lamp':
      return emergencyLight(seedOf(input.serial), tz, 'lamp');
    case 'Pulse Logger/energy':
      return pulse(seed, tz, input.customerType, 'energy');
    case 'Pulse Logger/water':
      return pulse(seed, tz, input.customerType, 'water');
    default:
      return null;
  }
}

/** Rounds a value the way the device reports it. */
export const reported = (model: FeedModel, value: number) => round(value, model.decimals);
