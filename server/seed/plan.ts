/**
 * The demo world laid out without a database: companies' sites, hubs, nodes and feeds with ids from one seeded
 * generator, and the events of the history (quiet devices, the failing fridge, excursions, a meter reset).
 */
import type { Selectable } from 'kysely';
import type { FeedsTable, HubsTable, NodeTagsTable, NodesTable, SitesTable } from '../db/schema';
import { formatCoordinates, parseCoordinates } from '../../src/api/contract/coordinates';
import { DAY, HOUR, localDayStart } from '../monitoring/time';
import { now as clockNow } from '../clock';
import { SIGNAL_TYPES, STEP_MS, emergencyTests, feedModel, prng, type CustomerType, type DeviceType, type SignalKey } from './patterns';
import { DEFAULT_WORLD, EL_ZONES, KINDS, PULSE_METERS, kindOf, type Kind, type KindSpec, type WorldOptions } from './catalogue';

export interface WorldCompany {
  id: string;
  name: string;
  customerType: CustomerType;
  timezone: string;
}

/** Rows are the tables' own types; planning adds only what the history generator needs. */
export type PlannedSite = Selectable<SitesTable>;
export type PlannedHub = Omit<Selectable<HubsTable>, 'lastSeenAt'> & {
  /** The hub and every node behind it stop reporting here. */
  quietSince: number | null;
};
export type PlannedFeed = Omit<Selectable<FeedsTable>, 'signalTypeId'> & {
  signalKey: SignalKey;
  /** The first instant of its history. */
  from: number;
  /** The first instant of its raw readings; before it only rollups hold the history (raw retention). */
  rawFrom: number;
};
export type PlannedNode = Omit<Selectable<NodesTable>, 'lastSeenAt' | 'deviceType'> & {
  deviceType: DeviceType;
  customerType: CustomerType;
  timezone: string;
  /** Readings stop before this instant (a flat battery, a lost link); the history start for a node never seen. */
  quietSince: number | null;
  tagIds: string[];
  feeds: PlannedFeed[];
};
export type PlannedTag = Selectable<NodeTagsTable>;
/** A fridge excursion of the history: an offset added to the probe's pattern between from and to. */
export interface Excursion {
  feedId: string;
  from: number;
  to: number;
  /** Degrees added at the plateau (negative for a freeze). */
  peak: number;
  cause: 'door left open' | 'power cut' | 'thermostat fault';
}

/** An emergency light whose monthly test at `from` failed: its lamp went out and its battery ran down to `low` %, then recharged. */
export interface LightFailure {
  nodeId: string;
  from: number;
  low: number;
}

/**
 * Something still wrong at the end of the history (the seeded open events): a fridge warming from `from` by `peak`
 * degrees, or a light whose battery ran flat to `peak` % and stays there. The simulator carries both on.
 */
export interface OpenIncident {
  companyId: string;
  nodeId: string;
  /** The feed its rule watches: the fridge's temperature, the light's battery. */
  feedId: string;
  from: number;
  peak: number;
  /**
   * waiting: nobody has answered yet (under an hour old); handled: escalated, then acknowledged and assigned; muted:
   * its rule was muted for works on site (settleSeededAlerts).
   */
  role: 'waiting' | 'handled' | 'muted';
}

/** Someone of a company's own team, beside the demo accounts: who acknowledges, comments and is assigned. */
export interface PlannedPerson {
  companyId: string;
  name: string;
  email: string;
  role: 'manager' | 'user';
  locale: string;
}

export interface WorldPlan {
  options: WorldOptions;
  /** The last 15-minute step of the history. */
  end: number;
  tags: PlannedTag[];
  sites: PlannedSite[];
  hubs: PlannedHub[];
  nodes: PlannedNode[];
  excursions: Excursion[];
  /** The one fridge whose compressor is failing: it drifts from `from` and is out of range at the end. */
  failing: { feedId: string; nodeId: string; from: number } | null;
  /** Counter registers that restart at zero (a meter replaced), the only times a counter goes down. */
  resets: { feedId: string; at: number }[];
  /** Emergency lights that failed a monthly test in the history (more fail by their pattern alone). */
  lightFailures: LightFailure[];
  /** A few incidents per company still going at the end: its open alert events. */
  open: OpenIncident[];
  people: PlannedPerson[];
}

// One generator serves the whole plan, the catalogue's postcodes included; planWorld resets it, so a plan depends on
// its seed alone.
let rand: () => number = prng(1);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
/** A UUID-shaped id from the seeded generator: opaque like newId(), but the same on every run. */
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(rand() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

// Serials come from a generator of their own, so drawing them leaves every other draw of the layout where it was.
let serialRand: () => number = prng(2);
const usedSerials = new Set<string>();
/**
 * A serial as printed on a box: the prefix and `digits` random digits, unique in the plan. Random rather than counted,
 * since nothing may read meaning into their order (docs/product.md, Data model: ids are not sequential; a serial is a kind of id).
 */
function serialOf(prefix: string, digits: number): string {
  for (;;) {
    const n = Math.floor(10 ** (digits - 1) + serialRand() * 9 * 10 ** (digits - 1));
    const serial = `${prefix}-${n}`;
    if (!usedSerials.has(serial)) {
      usedSerials.add(serial);
      return serial;
    }
  }
}

function pickDeviceType(mix: KindSpec['mix']): Exclude<DeviceType, 'Fridge Probe'> {
  const entries = Object.entries(mix) as [Exclude<DeviceType, 'Fridge Probe'>, number][];
  let r = rand() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [t, w] of entries) {
    if ((r -= w) < 0) return t;
  }
  return entries[0]![0];
}

/** Lays out the world without touching a database: tests count it at full size, the seed writes it. */
export function planWorld(companies: WorldCompany[], input: Partial<WorldOptions> = {}): WorldPlan {
  const options: WorldOptions = { ...DEFAULT_WORLD, now: clockNow(), ...input };
  rand = prng(options.seed);
  serialRand = prng(options.seed ^ 0x5e71a1);
  usedSerials.clear();
  const end = Math.floor(options.now / STEP_MS) * STEP_MS;
  const historyStart = (days: number) => Math.ceil((end - days * DAY) / STEP_MS) * STEP_MS;
  const fridgeFrom = historyStart(Math.max(options.fridgeDays, options.historyDays));
  const otherFrom = historyStart(Math.max(options.days, options.historyDays));
  const installed = Math.min(fridgeFrom, otherFrom);
  // Retention drops whole local days, so a day's rollups never straddle the first raw reading: a bucket's readings are
  // all kept or all gone, and the engine can still sum a non-rising counter bucket from its raw rows.
  const rawStart = (from: number, days: number, zone: string) =>
    days >= options.historyDays ? from : Math.max(from, localDayStart(end - days * DAY, zone));

  const plan: WorldPlan = {
    options, end, tags: [], sites: [], hubs: [], nodes: [], excursions: [], failing: null, resets: [], lightFailures: [], open: [], people: [],
  };
  const kinds = new Map<string, Kind>();
  const seen: Record<CustomerType, number> = { UKE: 0, Mackwell: 0, EPS: 0 };
  for (const c of companies) kinds.set(c.id, kindOf(c, seen[c.customerType]++));

  const tagsOf = new Map<string, { id: string; spec: KindSpec['tags'][number] }[]>();
  for (const c of companies) {
    const list = KINDS[kinds.get(c.id)!].tags.map((spec) => ({ id: uuid(), spec }));
    tagsOf.set(c.id, list);
    for (const t of list) plan.tags.push({ id: t.id, companyId: c.id, name: t.spec.name, colour: t.spec.colour });
  }

  const addHubs = (site: PlannedSite, company: WorldCompany, spec: KindSpec, count: number, place0: string | null) => {
    for (let h = 0; h < count; h++) {
      const place = place0 ? `${place0}${count > 1 ? ` ${h + 1}` : ''}` : spec.hubPlaces[h % spec.hubPlaces.length]!;
      const hub: PlannedHub = {
        id: uuid(), siteId: site.id, companyId: company.id, serial: serialOf('SWH', 7),
        name: `Gateway ${place}`, firmware: pick(['2.4.1', '2.5.0', '2.5.3', '3.0.2']), reportingPeriodS: 900,
        createdAt: installed, quietSince: null,
      };
      plan.hubs.push(hub);
      const nodeCount = int(8, 12);
      const fridges = Math.min(nodeCount, h === 0 ? spec.fridges[0] : spec.fridges[1]);
      for (let n = 0; n < nodeCount; n++) {
        const deviceType: DeviceType = n < fridges ? 'Fridge Probe' : pickDeviceType(spec.mix);
        const serialPrefix = { 'Fridge Probe': 'FP', 'Temperature & Humidity': 'TH', 'Emergency Light': 'EL', 'Pulse Logger': 'PL' }[deviceType];
        const serial = serialOf(serialPrefix, 8);
        let name: string;
        let keys: SignalKey[];
        if (deviceType === 'Fridge Probe') {
          name = `${spec.fridgeNames[n % spec.fridgeNames.length]!} ${place}`;
          keys = ['temperature'];
        } else if (deviceType === 'Temperature & Humidity') {
          name = `${pick(spec.rooms)} ${place}`;
          keys = ['temperature', 'humidity'];
        } else if (deviceType === 'Emergency Light') {
          name = `EL-${String(n + 1).padStart(2, '0')} ${pick(EL_ZONES.filter((z) => !place.includes(z)))} ${place}`;
          keys = ['battery', 'lamp'];
        } else {
          const r = rand();
          const kind = r < 0.4 ? 'both' : r < 0.8 ? 'energy' : 'water';
          name = `${pick(PULSE_METERS[kind])} ${place}`;
          keys = kind === 'both' ? ['energy', 'water'] : [kind];
        }
        const node: PlannedNode = {
          id: uuid(), hubId: hub.id, siteId: site.id, companyId: company.id, name, serial, deviceType,
          // Pulse loggers run on mains; battery sensors mostly healthy, a few nearly flat.
          batteryPct: deviceType === 'Pulse Logger' ? null : rand() < 0.04 ? int(6, 19) : int(35, 100),
          signalDbm: rand() < 0.05 ? -int(101, 112) : -int(48, 98),
          createdAt: installed, customerType: company.customerType, timezone: site.timezone, quietSince: null,
          tagIds: [], feeds: [],
        };
        for (const t of tagsOf.get(company.id)!) {
          if (t.spec.devices.includes(deviceType) && rand() < t.spec.share) node.tagIds.push(t.id);
        }
        const from = deviceType === 'Fridge Probe' ? fridgeFrom : otherFrom;
        const rawFrom = rawStart(from, deviceType === 'Fridge Probe' ? options.fridgeDays : options.days, site.timezone);
        for (const key of keys) {
          const range: [number, number] | null =
            deviceType === 'Temperature & Humidity' && (key === 'temperature' || key === 'humidity')
              ? spec.roomRange[key]
              : key === 'battery' ? [60, 100] : null;
          node.feeds.push({
            id: uuid(), nodeId: node.id, companyId: company.id, signalKey: key,
            name: SIGNAL_TYPES.find((s) => s.key === key)!.name,
            // Fridges have no range of their own: the site's safe range (2–8 °C unless set) applies.
            rangeMin: range?.[0] ?? null, rangeMax: range?.[1] ?? null, from, rawFrom,
          });
        }
        plan.nodes.push(node);
      }
    }
  };

  // Top-level sites round-robin over the companies, so a small world still has every company; some get sub-sites.
  const byCompany = new Map<string, number>();
  for (let i = 0; companies.length > 0 && plan.sites.length < options.sites; i++) {
    const companyIndex = i % companies.length;
    const company = companies[companyIndex]!;
    const k = byCompany.get(company.id) ?? 0;
    byCompany.set(company.id, k + 1);
    const spec = KINDS[kinds.get(company.id)!];
    const town = spec.towns[k % spec.towns.length]!;
    const baseName = spec.names[k % spec.names.length]!;
    const round = Math.floor(k / spec.names.length);
    const name = spec.siteName(baseName, town) + (round > 0 ? ` ${round + 1}` : '');
    const position = { latitude: town.lat + between(-0.03, 0.03), longitude: town.lon + between(-0.045, 0.045) };
    const coordinates = formatCoordinates(position);
    const site = (parentSiteId: string | null, siteName: string, address: string): PlannedSite => {
      // The stored position is what the helper reads from the text, as it will be for sites people enter.
      const parsed = parseCoordinates(coordinates);
      return {
        id: uuid(), companyId: company.id, parentSiteId, name: siteName, address, coordinates,
        latitude: parsed?.latitude ?? null, longitude: parsed?.longitude ?? null, timezone: company.timezone,
        safeMin: null, safeMax: null, mutedUntil: null, checkAm: '09:00', checkPm: '16:00', createdAt: installed,
      };
    };
    const top = site(null, name, spec.address(int(1, 180), pick(spec.streets), town, town.postcode(rand)));
    plan.sites.push(top);
    addHubs(top, company, spec, int(2, 4), null);
    if ((k + companyIndex) % 3 === 0) {
      for (const sub of spec.subSites.slice(0, 2)) {
        if (plan.sites.length >= options.sites) break;
        const child = site(top.id, `${name} — ${sub}`, top.address);
        plan.sites.push(child);
        addHubs(child, company, spec, int(1, 2), sub);
      }
    }
  }

  planEvents(plan, companies, kinds);
  planIncidents(plan, companies);
  for (const c of companies) {
    const domain = `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.test`;
    for (const p of KINDS[kinds.get(c.id)!].team) {
      plan.people.push({ companyId: c.id, name: p.name, email: `${p.mailbox}@${domain}`, role: p.role, locale: p.locale });
    }
  }
  for (const node of plan.nodes) {
    if (node.deviceType !== 'Emergency Light') continue;
    // The node's battery is the emergency battery: what its battery feed last said.
    const model = feedModel({ ...node, signalKey: 'battery' })!;
    node.batteryPct = model.kind === 'instant' ? model.at(lastStep(plan, node)) : null;
  }
  return plan;
}

/** The last instant a feed reports in the history (before its node or hub went quiet). */
function lastStep(plan: WorldPlan, node: PlannedNode): number {
  const quiet = quietOf(plan, node);
  return quiet === null ? plan.end : Math.floor((quiet - 1) / STEP_MS) * STEP_MS;
}

const hubIndex = new WeakMap<WorldPlan, Map<string, PlannedHub>>();
/** When a node stops reporting: its own silence or its hub's, whichever is first. */
export function quietOf(plan: WorldPlan, node: PlannedNode): number | null {
  let hubs = hubIndex.get(plan);
  if (!hubs) hubIndex.set(plan, (hubs = new Map(plan.hubs.map((h) => [h.id, h]))));
  const hubQuiet = hubs.get(node.hubId)?.quietSince ?? null;
  if (node.quietSince === null) return hubQuiet;
  return hubQuiet === null ? node.quietSince : Math.min(node.quietSince, hubQuiet);
}

/** Quiet devices, the failing fridge, fridge excursions and a meter replacement, placed by the seeded generator. */
function planEvents(plan: WorldPlan, companies: WorldCompany[], kinds: Map<string, Kind>): void {
  const { end } = plan;
  const span = (from: number) => end - from;
  const otherFrom = end - plan.options.days * DAY;

  // One hub of a lighting estate has lost its uplink: it and its nodes went quiet together.
  const lighting = companies.find((c) => kinds.get(c.id) === 'lighting');
  const quietHub = plan.hubs.find((h) => h.companyId === lighting?.id) ?? plan.hubs[plan.hubs.length - 1];
  if (quietHub && plan.hubs.length > 2) quietHub.quietSince = end - Math.min(6 * HOUR, span(otherFrom) / 2);

  const live = (n: PlannedNode) => n.hubId !== quietHub?.id && n.quietSince === null;
  const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe');

  // The failing fridge: the first fridge of the pharmacy group (else any), its compressor failing over the last day
  // and a half; at the end of the history it is well above 8 °C.
  const pharmacy = companies.find((c) => kinds.get(c.id) === 'pharmacy');
  const failingNode = fridges.find((n) => n.companyId === pharmacy?.id && live(n)) ?? fridges.find(live);
  if (failingNode) {
    const feed = failingNode.feeds[0]!;
    plan.failing = { feedId: feed.id, nodeId: failingNode.id, from: end - Math.min(36 * HOUR, span(feed.rawFrom) * 0.6) };
  }

  // About 2 % of the other nodes have gone quiet at some point in the last days (a flat battery, a lost link).
  const candidates = plan.nodes.filter((n) => live(n) && n !== failingNode);
  const quietCount = Math.max(1, Math.round(plan.nodes.length * 0.02));
  for (let i = 0; i < quietCount && candidates.length > 1; i++) {
    const node = candidates.splice(Math.floor(rand() * candidates.length), 1)[0]!;
    node.quietSince = end - Math.round(between(2 * HOUR, Math.max(3 * HOUR, Math.min(5 * DAY, span(otherFrom) * 0.8))));
  }
  // One node was installed but has never reported (commissioning).
  const fresh = candidates.find((n) => n.deviceType === 'Temperature & Humidity');
  if (fresh && plan.nodes.length >= 20) fresh.quietSince = Math.min(...fresh.feeds.map((f) => f.from));

  // Excursions: about one per six fridges (at least three), never in the last 8 hours, so "now" shows the failing one;
  // inside the raw readings, where compliance reports and charts of single readings see them.
  const pool = fridges.filter((n) => n !== failingNode && quietOf(plan, n) === null);
  const excursions = pool.length === 0 ? 0 : Math.max(3, Math.round(fridges.length / 6));
  for (let i = 0; i < excursions; i++) {
    const node = pool[Math.floor(rand() * pool.length)]!;
    const excursion = drawExcursion(plan, node.feeds[0]!, between);
    if (excursion) plan.excursions.push(excursion);
  }

  // A meter replaced: the first energy register of a Mackwell estate (else any) restarts from zero, inside its raw
  // readings: the buckets around a reset do not rise, and the engine sums those from raw rows.
  const estate = companies.find((c) => kinds.get(c.id) === 'estate');
  const loggers = plan.nodes.filter((n) => n.deviceType === 'Pulse Logger' && quietOf(plan, n) === null);
  const logger = loggers.find((n) => n.companyId === estate?.id) ?? loggers[0];
  const register = logger?.feeds[0];
  if (register) plan.resets.push({ feedId: register.id, at: Math.floor((end - span(register.rawFrom) * 0.4) / STEP_MS) * STEP_MS });
}

/**
 * A fridge excursion on `feed`: cause, length and peak drawn, its start placed by `place` between the earliest and
 * latest it may take (inside the raw readings, over at least 8 hours before the end); null when there is no room.
 */
function drawExcursion(plan: WorldPlan, feed: PlannedFeed, place: (earliest: number, latest: number) => number): Excursion | null {
  const r = rand();
  const cause: Excursion['cause'] = r < 0.45 ? 'door left open' : r < 0.8 ? 'power cut' : 'thermostat fault';
  const hours = cause === 'door left open' ? between(1, 2) : cause === 'power cut' ? between(3, 6) : between(2, 5);
  const peak = cause === 'thermostat fault' ? -between(4.5, 5.5) : cause === 'power cut' ? between(6, 9) : between(5, 7);
  const latest = plan.end - 8 * HOUR - hours * HOUR;
  if (latest <= feed.rawFrom) return null;
  const from = Math.floor(place(feed.rawFrom, latest) / STEP_MS) * STEP_MS;
  return { feedId: feed.id, from, to: from + Math.round(hours * 4) * STEP_MS, peak, cause };
}

/** Days between a company's planned incidents, so every company's alert history reaches back over its whole span. */
const INCIDENT_EVERY_DAYS = 12;

/**
 * Every company's alert history, whatever the world's size (the patterns add more at random): an incident about every
 * 12 days over the whole history, fridges and emergency lights in turn where it has both; and three still going at the
 * end — one under an hour old that nobody has answered, one escalated and then taken in hand, one on a site whose
 * alarms are muted for works. Drawn after every other draw of the plan, so the rest of the world is as it was.
 */
function planIncidents(plan: WorldPlan, companies: WorldCompany[]): void {
  const { end } = plan;
  for (const c of companies) {
    const nodes = plan.nodes.filter((n) => n.companyId === c.id && n.id !== plan.failing?.nodeId && quietOf(plan, n) === null);
    const fridges = nodes.filter((n) => n.deviceType === 'Fridge Probe');
    const lights = nodes.filter((n) => n.deviceType === 'Emergency Light');
    if (fridges.length + lights.length === 0) continue;
    const start = Math.min(...[...fridges, ...lights].flatMap((n) => n.feeds.map((f) => f.from)));
    const slots = Math.max(1, Math.round((end - start) / (INCIDENT_EVERY_DAYS * DAY)));
    const width = (end - start) / slots;
    for (let k = 0; k < slots; k++) {
      const at = end - (k + 0.2 + 0.6 * rand()) * width;
      if (fridges.length > 0 && (k % 2 === 0 || lights.length === 0)) {
        const excursion = drawExcursion(plan, pick(fridges).feeds[0]!, (earliest, latest) => Math.min(latest, Math.max(earliest, at)));
        if (excursion) plan.excursions.push(excursion);
      } else {
        planFailedTest(plan, lights, at, width / 2);
      }
    }

    const taken = new Set<string>();
    const mutedSites = new Set<string>();
    const open = (role: OpenIncident['role'], ago: number, fridge: boolean) => {
      const free = (fridge ? fridges : lights).filter((n) => !taken.has(n.id));
      // The lights of a site share its rule, so a light on the muted site would be muted too: elsewhere, where there is one.
      const clear = free.filter((n) => fridge || !mutedSites.has(n.siteId));
      const pool = clear.length > 0 ? clear : free;
      if (pool.length === 0) return;
      const node = pick(pool);
      taken.add(node.id);
      if (role === 'muted' && !fridge) mutedSites.add(node.siteId);
      const feed = node.feeds.find((f) => f.signalKey === (fridge ? 'temperature' : 'battery'))!;
      plan.open.push({ companyId: c.id, nodeId: node.id, feedId: feed.id, from: end - ago, peak: fridge ? between(5, 6.5) : int(3, 8), role });
    };
    // The muted one first, so the others keep clear of its site.
    open('muted', 2 * HOUR, lights.length === 0);
    open('waiting', 65 * 60_000, fridges.length > 0);
    open('handled', 4.5 * HOUR, fridges.length > 1 || lights.length === 0);
  }
}

/** A light of `lights` failing its monthly test near `at` (within `reach`), at least 12 hours before the end. */
function planFailedTest(plan: WorldPlan, lights: PlannedNode[], at: number, reach: number): void {
  for (let attempt = 0; attempt < 8; attempt++) {
    const node = pick(lights);
    const from = node.feeds.find((f) => f.signalKey === 'battery')?.from ?? plan.end;
    const tests = emergencyTests(node.serial, node.timezone, Math.max(from, at - reach), Math.min(plan.end - 12 * HOUR, at + reach));
    if (tests.length === 0) continue;
    plan.lightFailures.push({ nodeId: node.id, from: tests[Math.floor(rand() * tests.length)]!, low: int(3, 9) });
    return;
  }
}
