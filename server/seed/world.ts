import { sql, type Selectable } from 'kysely';
import type { FeedsTable, HubsTable, NodeTagsTable, NodesTable, SitesTable } from '../db/schema';
import type { Db } from '../db/database';
import { formatCoordinates, parseCoordinates } from '../../src/api/contract/coordinates';
import { rollupsOf, storeReadings, upsertRollups, type ReadingInput, type Rollup } from '../monitoring/ingest';
import { HOUR, localDayStart, offsetAt, type Grain } from '../monitoring/time';
import {
  SIGNAL_TYPES, STEP_MS, feedModel, prng, reported, type CustomerType, type DeviceType, type SignalKey,
} from './patterns';

/** What size and span of world to build; every field has a default (DEFAULT_WORLD). */
export interface WorldOptions {
  /** Sites in all, sub-sites included. */
  sites: number;
  /** Days of raw 15-minute readings kept for fridge probes (compliance reports look back months). */
  fridgeDays: number;
  /** Days of raw 15-minute readings kept for every other device: their retention window, in whole local days. */
  days: number;
  /**
   * Days of history for every device: hourly and daily rollups reach back this far, also where raw readings (and the
   * 15-minute rollups beside them) are no longer kept. A device's raw days, when more, extend its history.
   */
  historyDays: number;
  /** The history ends at the last 15-minute step at or before this instant (epoch ms). */
  now: number;
  /** The layout's seed: the same seed and options build the same world. */
  seed: number;
}

/**
 * The world `npm start` builds on an empty database: 48 sites (≥ 100 hubs, ≥ 1,000 nodes), 90 days of hourly and
 * daily rollups for every device, raw readings for 90 days on fridges and 7 on the rest, so the seed stays inside a
 * minute on two cores (docs/decisions.md, "The demo world").
 */
export const DEFAULT_WORLD: Omit<WorldOptions, 'now'> = { sites: 48, fridgeDays: 90, days: 7, historyDays: 90, seed: 20_240_601 };

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
}

// ---------- catalogue ----------

type Kind = 'care-home' | 'pharmacy' | 'lighting' | 'estate' | 'facility' | 'clinic';
interface Town {
  name: string;
  lat: number;
  lon: number;
  postcode: () => string;
}
interface KindSpec {
  names: string[];
  towns: Town[];
  streets: string[];
  address: (n: number, street: string, town: Town) => string;
  siteName: (name: string, town: Town) => string;
  subSites: string[];
  hubPlaces: string[];
  /** Fridge probes on each hub (the first hub, the others). */
  fridges: [number, number];
  /** Weights of the other device types. */
  mix: Partial<Record<Exclude<DeviceType, 'Fridge Probe'>, number>>;
  rooms: string[];
  /** The alarm range of room temperature and humidity feeds here, or null. */
  roomRange: { temperature: [number, number] | null; humidity: [number, number] | null };
  fridgeNames: string[];
  tags: { name: string; colour: string; devices: DeviceType[]; share: number }[];
}

const ukPostcode = (area: string) => () => `${area}${1 + Math.floor(rand() * 9)} ${1 + Math.floor(rand() * 9)}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(rand() * 20)]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(rand() * 20)]}`;
const fixedPostcode = (codes: string[]) => () => codes[Math.floor(rand() * codes.length)]!;

const TAG = {
  critical: { name: 'Critical', colour: '#d32f2f' },
  coldChain: { name: 'Cold chain', colour: '#0288d1' },
  escape: { name: 'Escape route', colour: '#2e7d32' },
  metering: { name: 'Metering', colour: '#5d4037' },
};

const KINDS: Record<Kind, KindSpec> = {
  'care-home': {
    names: ['Oakfield House', 'Willow Court', 'Meadowbank Lodge', 'Elmhurst', 'Rosewood Manor', 'Beechwood Grange', 'Ashdown House', 'Kingsley Court', 'Heather View', 'Larchfield', 'Bramley Lodge', 'Foxglove House'],
    towns: [
      { name: 'Harrogate', lat: 53.9921, lon: -1.5418, postcode: ukPostcode('HG') },
      { name: 'York', lat: 53.959, lon: -1.0815, postcode: ukPostcode('YO') },
      { name: 'Leeds', lat: 53.8008, lon: -1.5491, postcode: ukPostcode('LS') },
      { name: 'Ripon', lat: 54.138, lon: -1.5235, postcode: ukPostcode('HG') },
      { name: 'Skipton', lat: 53.9617, lon: -2.0172, postcode: ukPostcode('BD') },
      { name: 'Wetherby', lat: 53.9276, lon: -1.3862, postcode: ukPostcode('LS') },
    ],
    streets: ['Church Lane', 'Station Road', 'Park Avenue', 'Victoria Road', 'Mill Lane', 'Manor Road', 'The Green', 'Orchard Way'],
    address: (n, street, town) => `${n} ${street}, ${town.name} ${town.postcode()}`,
    siteName: (name) => `${name} Care Home`,
    subSites: ['Nursing Wing', 'Residential Wing', 'Memory Care Unit'],
    hubPlaces: ['Ground Floor', 'First Floor', 'Second Floor', 'Lower Ground'],
    fridges: [1, 1],
    mix: { 'Temperature & Humidity': 0.48, 'Emergency Light': 0.4, 'Pulse Logger': 0.12 },
    rooms: ['Treatment Room', 'Lounge', 'Dining Room', 'Kitchen', 'Laundry', 'Medication Room', 'Room 4', 'Room 7', 'Room 12', 'Room 15', 'Hair Salon', 'Sensory Room'],
    roomRange: { temperature: [15, 25], humidity: null },
    fridgeNames: ['Medication Fridge'],
    tags: [
      { name: 'Medication', colour: '#c2185b', devices: ['Fridge Probe'], share: 1 },
      { ...TAG.critical, devices: ['Fridge Probe'], share: 0.5 },
      { name: 'Residents', colour: '#7986cb', devices: ['Temperature & Humidity'], share: 0.6 },
      { ...TAG.escape, devices: ['Emergency Light'], share: 0.8 },
    ],
  },
  pharmacy: {
    names: ['Quayside', 'Fore Street', 'Health Centre', 'Market Place', 'Marina', 'Harbour Road', 'Town Square', 'Bridge Street'],
    towns: [
      { name: 'Plymouth', lat: 50.3755, lon: -4.1427, postcode: ukPostcode('PL') },
      { name: 'Falmouth', lat: 50.1526, lon: -5.0663, postcode: ukPostcode('TR') },
      { name: 'Brixham', lat: 50.3947, lon: -3.5154, postcode: ukPostcode('TQ') },
      { name: 'Torquay', lat: 50.4619, lon: -3.5253, postcode: ukPostcode('TQ') },
      { name: 'Exmouth', lat: 50.6192, lon: -3.4137, postcode: ukPostcode('EX') },
      { name: 'Penzance', lat: 50.1188, lon: -5.5372, postcode: ukPostcode('TR') },
    ],
    streets: ['Fore Street', 'Quay Road', 'Market Street', 'Harbour Parade', 'Chapel Street', 'The Strand'],
    address: (n, street, town) => `${n} ${street}, ${town.name} ${town.postcode()}`,
    siteName: (name, town) => `Harbour Pharmacy ${town.name} ${name}`,
    subSites: ['Dispensary', 'Cold Store'],
    hubPlaces: ['Shop Floor', 'Dispensary', 'Stock Room'],
    fridges: [2, 1],
    mix: { 'Temperature & Humidity': 0.5, 'Emergency Light': 0.38, 'Pulse Logger': 0.12 },
    rooms: ['Dispensary', 'Stock Room', 'Consultation Room', 'Back Office', 'Shop Floor', 'Controlled Drugs Cabinet'],
    roomRange: { temperature: [15, 25], humidity: null },
    fridgeNames: ['Vaccine Fridge', 'Dispensary Fridge', 'Insulin Fridge'],
    tags: [
      { name: 'Vaccines', colour: '#7b1fa2', devices: ['Fridge Probe'], share: 0.6 },
      { ...TAG.coldChain, devices: ['Fridge Probe'], share: 1 },
      { ...TAG.critical, devices: ['Fridge Probe'], share: 0.4 },
      { name: 'Dispensary', colour: '#388e3c', devices: ['Temperature & Humidity'], share: 0.5 },
    ],
  },
  lighting: {
    names: ['Castlegate Business Park', "St Anne's Academy", 'Riverside Retail Park', 'Greenway Distribution Centre', 'Kingsway Office Campus', 'Victoria Leisure Centre', 'Canalside Studios', 'Fletcher House'],
    towns: [
      { name: 'Birmingham', lat: 52.4862, lon: -1.8904, postcode: ukPostcode('B') },
      { name: 'Walsall', lat: 52.5862, lon: -1.9829, postcode: ukPostcode('WS') },
      { name: 'Coventry', lat: 52.4068, lon: -1.5197, postcode: ukPostcode('CV') },
      { name: 'Wolverhampton', lat: 52.5862, lon: -2.1288, postcode: ukPostcode('WV') },
      { name: 'Solihull', lat: 52.4118, lon: -1.7776, postcode: ukPostcode('B') },
    ],
    streets: ['Broad Street', 'Kingsway', 'Canal Side', 'Enterprise Way', 'Lichfield Road', 'Station Approach'],
    address: (n, street, town) => `Unit ${n}, ${street}, ${town.name} ${town.postcode()}`,
    siteName: (name) => name,
    subSites: ['Building A', 'Building B', 'Multi-storey Car Park'],
    hubPlaces: ['Stair Core 1', 'Stair Core 2', 'Plant Room', 'Reception', 'Roof'],
    fridges: [0, 0],
    mix: { 'Emergency Light': 0.76, 'Pulse Logger': 0.14, 'Temperature & Humidity': 0.1 },
    rooms: ['Plant Room', 'Comms Room', 'Switch Room', 'Reception'],
    roomRange: { temperature: null, humidity: null },
    fridgeNames: [],
    tags: [
      { ...TAG.escape, devices: ['Emergency Light'], share: 0.7 },
      { name: 'Stair core', colour: '#1565c0', devices: ['Emergency Light'], share: 0.3 },
      { name: 'Annual test due', colour: '#ef6c00', devices: ['Emergency Light'], share: 0.15 },
      { ...TAG.metering, devices: ['Pulse Logger'], share: 1 },
    ],
  },
  estate: {
    names: ['Liffey Quay Apartments', 'Grand Canal Court', 'Ormond Square', 'Harcourt Gardens', 'Ballsbridge House', 'Phoenix Park View', 'Clontarf Terrace', 'Marina Point'],
    towns: [
      { name: 'Dublin 2', lat: 53.3382, lon: -6.2591, postcode: fixedPostcode(['D02 X285', 'D02 YT67', 'D02 F856']) },
      { name: 'Dublin 4', lat: 53.3302, lon: -6.2297, postcode: fixedPostcode(['D04 C9Y6', 'D04 K7X4']) },
      { name: 'Cork', lat: 51.8985, lon: -8.4756, postcode: fixedPostcode(['T12 W8DR', 'T12 AK54']) },
      { name: 'Galway', lat: 53.2707, lon: -9.0568, postcode: fixedPostcode(['H91 E2K3', 'H91 YR6X']) },
      { name: 'Limerick', lat: 52.6638, lon: -8.6267, postcode: fixedPostcode(['V94 T9PX', 'V94 KX2D']) },
    ],
    streets: ['Sir John Rogerson’s Quay', 'Pembroke Road', 'Ormond Quay Upper', 'Harcourt Street', 'Dock Road', 'Grand Parade'],
    address: (n, street, town) => `${n} ${street}, ${town.name}, ${town.postcode()}`,
    siteName: (name) => name,
    subSites: ['Block A', 'Block B', 'Car Park'],
    hubPlaces: ['Core A', 'Core B', 'Plant Room', 'Basement'],
    fridges: [0, 0],
    mix: { 'Emergency Light': 0.6, 'Pulse Logger': 0.3, 'Temperature & Humidity': 0.1 },
    rooms: ['Plant Room', 'Bin Store', 'Concierge', 'Boiler House'],
    roomRange: { temperature: null, humidity: null },
    fridgeNames: [],
    tags: [
      { ...TAG.escape, devices: ['Emergency Light'], share: 0.7 },
      { name: 'Landlord supply', colour: '#6d4c41', devices: ['Pulse Logger'], share: 0.6 },
      { name: 'Common areas', colour: '#00897b', devices: ['Emergency Light', 'Temperature & Humidity'], share: 0.3 },
    ],
  },
  facility: {
    names: ['Siège La Défense', 'Entrepôt Gennevilliers', 'Campus Saclay', 'Centre de données Aubervilliers', 'Agence Lyon Part-Dieu', 'Agence Lille Europe', 'Plateforme Rungis'],
    towns: [
      { name: 'Puteaux', lat: 48.8918, lon: 2.2399, postcode: fixedPostcode(['92800']) },
      { name: 'Gennevilliers', lat: 48.9333, lon: 2.3, postcode: fixedPostcode(['92230']) },
      { name: 'Saclay', lat: 48.7308, lon: 2.1711, postcode: fixedPostcode(['91400']) },
      { name: 'Aubervilliers', lat: 48.9146, lon: 2.3821, postcode: fixedPostcode(['93300']) },
      { name: 'Lyon', lat: 45.7603, lon: 4.8596, postcode: fixedPostcode(['69003']) },
      { name: 'Lille', lat: 50.6393, lon: 3.0755, postcode: fixedPostcode(['59777']) },
    ],
    streets: ['Rue de la Paix', 'Avenue de la Grande Armée', 'Rue du Port', 'Boulevard de Vaugirard', 'Rue Garibaldi', 'Avenue Le Corbusier'],
    address: (n, street, town) => `${n} ${street}, ${town.postcode()} ${town.name}`,
    siteName: (name) => name,
    subSites: ['Bâtiment A', 'Salle serveurs', 'Parking'],
    hubPlaces: ['Rez-de-chaussée', 'Niveau 1', 'Niveau 2', 'Local technique'],
    fridges: [1, 0],
    mix: { 'Temperature & Humidity': 0.4, 'Pulse Logger': 0.3, 'Emergency Light': 0.3 },
    rooms: ['Server Room', 'Open Office', 'Meeting Room', 'Archive', 'Canteen', 'Reception'],
    roomRange: { temperature: [16, 27], humidity: [30, 70] },
    fridgeNames: ['Canteen Cold Room'],
    tags: [
      { name: 'Server room', colour: '#455a64', devices: ['Temperature & Humidity'], share: 0.3 },
      { ...TAG.metering, devices: ['Pulse Logger'], share: 1 },
      { ...TAG.critical, devices: ['Fridge Probe', 'Temperature & Humidity'], share: 0.2 },
    ],
  },
  clinic: {
    names: ['Clínica Ribera Chamberí', 'Centro Médico Retiro', 'Clínica Ribera Salamanca', 'Centro de Salud Arganzuela', 'Clínica Ribera Alcalá', 'Clínica Ribera Toledo', 'Clínica Ribera Getafe'],
    towns: [
      { name: 'Madrid', lat: 40.4168, lon: -3.7038, postcode: fixedPostcode(['28001', '28010', '28045']) },
      { name: 'Alcalá de Henares', lat: 40.4818, lon: -3.3643, postcode: fixedPostcode(['28801']) },
      { name: 'Toledo', lat: 39.8628, lon: -4.0273, postcode: fixedPostcode(['45001']) },
      { name: 'Getafe', lat: 40.3083, lon: -3.7327, postcode: fixedPostcode(['28901']) },
    ],
    streets: ['Calle de Serrano', 'Calle de Alcalá', 'Paseo de la Castellana', 'Calle Mayor', 'Avenida de América'],
    address: (n, street, town) => `${street} ${n}, ${town.postcode()} ${town.name}`,
    siteName: (name) => name,
    subSites: ['Farmacia', 'Sala de vacunación', 'Laboratorio'],
    hubPlaces: ['Planta baja', 'Primera planta', 'Sótano'],
    fridges: [1, 1],
    mix: { 'Temperature & Humidity': 0.45, 'Emergency Light': 0.35, 'Pulse Logger': 0.2 },
    rooms: ['Waiting Room', 'Consulting Room 1', 'Consulting Room 2', 'Pharmacy Store', 'Sterilisation', 'Laboratory'],
    roomRange: { temperature: [15, 25], humidity: [30, 70] },
    fridgeNames: ['Vaccine Fridge', 'Medication Fridge', 'Lab Fridge'],
    tags: [
      { name: 'Vaccines', colour: '#7b1fa2', devices: ['Fridge Probe'], share: 0.5 },
      { ...TAG.coldChain, devices: ['Fridge Probe'], share: 1 },
      { ...TAG.metering, devices: ['Pulse Logger'], share: 1 },
    ],
  },
};

const KIND_BY_TYPE: Record<CustomerType, [Kind, Kind]> = {
  UKE: ['care-home', 'pharmacy'],
  Mackwell: ['lighting', 'estate'],
  EPS: ['facility', 'clinic'],
};

/** A company's kind of business: from its name when it says, else alternating within its customer type. */
function kindOf(company: WorldCompany, nthOfType: number): Kind {
  const byName: [RegExp, Kind][] = [
    [/pharmac/i, 'pharmacy'], [/care/i, 'care-home'], [/estate/i, 'estate'], [/light/i, 'lighting'], [/clinic/i, 'clinic'], [/facilit/i, 'facility'],
  ];
  const options = KIND_BY_TYPE[company.customerType];
  const named = byName.find(([re, kind]) => re.test(company.name) && options.includes(kind));
  return named ? named[1] : options[nthOfType % 2]!;
}

const EL_ZONES = ['Stair Core', 'Corridor', 'Fire Exit', 'Lobby', 'Plant Room', 'Car Park', 'Landing'];
const PULSE_METERS = {
  both: ['Utility Logger', 'Main Meters'],
  energy: ['Main Electricity Meter', 'Lighting Circuit', 'HVAC Sub-meter', 'Kitchen Sub-meter', 'Landlord Supply'],
  water: ['Cold Water Meter', 'Hot Water Meter'],
};

// One generator serves the whole plan; planWorld resets it, so a plan depends on its seed alone.
let rand: () => number = prng(1);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const between = (lo: number, hi: number) => lo + (hi - lo) * rand();
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
/** A UUID-shaped id from the seeded generator: opaque like newId(), but the same on every run. */
const uuid = () => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[Math.floor(rand() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

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
  const options: WorldOptions = { ...DEFAULT_WORLD, now: Date.now(), ...input };
  rand = prng(options.seed);
  const end = Math.floor(options.now / STEP_MS) * STEP_MS;
  const historyStart = (days: number) => Math.ceil((end - days * DAY_MS) / STEP_MS) * STEP_MS;
  const fridgeFrom = historyStart(Math.max(options.fridgeDays, options.historyDays));
  const otherFrom = historyStart(Math.max(options.days, options.historyDays));
  const installed = Math.min(fridgeFrom, otherFrom);
  // Retention drops whole local days, so a day's rollups never straddle the first raw reading: a bucket's readings are
  // all kept or all gone, and the engine can still sum a non-rising counter bucket from its raw rows.
  const rawStart = (from: number, days: number, zone: string) =>
    days >= options.historyDays ? from : Math.max(from, localDayStart(end - days * DAY_MS, zone));

  const plan: WorldPlan = { options, end, tags: [], sites: [], hubs: [], nodes: [], excursions: [], failing: null, resets: [] };
  const kinds = new Map<string, Kind>();
  const seen: Record<CustomerType, number> = { UKE: 0, Mackwell: 0, EPS: 0 };
  for (const c of companies) kinds.set(c.id, kindOf(c, seen[c.customerType]++));

  const tagsOf = new Map<string, { id: string; spec: KindSpec['tags'][number] }[]>();
  for (const c of companies) {
    const list = KINDS[kinds.get(c.id)!].tags.map((spec) => ({ id: uuid(), spec }));
    tagsOf.set(c.id, list);
    for (const t of list) plan.tags.push({ id: t.id, companyId: c.id, name: t.spec.name, colour: t.spec.colour });
  }

  let hubSeq = 0;
  let nodeSeq = 0;
  const addHubs = (site: PlannedSite, company: WorldCompany, spec: KindSpec, count: number, place0: string | null) => {
    for (let h = 0; h < count; h++) {
      const place = place0 ? `${place0}${count > 1 ? ` ${h + 1}` : ''}` : spec.hubPlaces[h % spec.hubPlaces.length]!;
      const hub: PlannedHub = {
        id: uuid(), siteId: site.id, companyId: company.id, serial: `SWH-${String(++hubSeq).padStart(5, '0')}`,
        name: `Gateway ${place}`, firmware: pick(['2.4.1', '2.5.0', '2.5.3', '3.0.2']), reportingPeriodS: 900,
        createdAt: installed, quietSince: null,
      };
      plan.hubs.push(hub);
      const nodeCount = int(8, 12);
      const fridges = Math.min(nodeCount, h === 0 ? spec.fridges[0] : spec.fridges[1]);
      for (let n = 0; n < nodeCount; n++) {
        const deviceType: DeviceType = n < fridges ? 'Fridge Probe' : pickDeviceType(spec.mix);
        const serialPrefix = { 'Fridge Probe': 'FP', 'Temperature & Humidity': 'TH', 'Emergency Light': 'EL', 'Pulse Logger': 'PL' }[deviceType];
        const serial = `${serialPrefix}-${String(++nodeSeq).padStart(6, '0')}`;
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
        safeMin: null, safeMax: null, createdAt: installed,
      };
    };
    const top = site(null, name, spec.address(int(1, 180), pick(spec.streets), town));
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
function quietOf(plan: WorldPlan, node: PlannedNode): number | null {
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
  const otherFrom = end - plan.options.days * DAY_MS;

  // One hub of a lighting estate has lost its uplink: it and its nodes went quiet together.
  const lighting = companies.find((c) => kinds.get(c.id) === 'lighting');
  const quietHub = plan.hubs.find((h) => h.companyId === lighting?.id) ?? plan.hubs[plan.hubs.length - 1];
  if (quietHub && plan.hubs.length > 2) quietHub.quietSince = end - Math.min(6 * HOUR_MS, span(otherFrom) / 2);

  const live = (n: PlannedNode) => n.hubId !== quietHub?.id && n.quietSince === null;
  const fridges = plan.nodes.filter((n) => n.deviceType === 'Fridge Probe');

  // The failing fridge: the first fridge of the pharmacy group (else any), its compressor failing over the last day
  // and a half; at the end of the history it is well above 8 °C.
  const pharmacy = companies.find((c) => kinds.get(c.id) === 'pharmacy');
  const failingNode = fridges.find((n) => n.companyId === pharmacy?.id && live(n)) ?? fridges.find(live);
  if (failingNode) {
    const feed = failingNode.feeds[0]!;
    plan.failing = { feedId: feed.id, nodeId: failingNode.id, from: end - Math.min(36 * HOUR_MS, span(feed.rawFrom) * 0.6) };
  }

  // About 2 % of the other nodes have gone quiet at some point in the last days (a flat battery, a lost link).
  const candidates = plan.nodes.filter((n) => live(n) && n !== failingNode);
  const quietCount = Math.max(1, Math.round(plan.nodes.length * 0.02));
  for (let i = 0; i < quietCount && candidates.length > 1; i++) {
    const node = candidates.splice(Math.floor(rand() * candidates.length), 1)[0]!;
    node.quietSince = end - Math.round(between(2 * HOUR_MS, Math.max(3 * HOUR_MS, Math.min(5 * DAY_MS, span(otherFrom) * 0.8))));
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
    const feed = node.feeds[0]!;
    const r = rand();
    const cause: Excursion['cause'] = r < 0.45 ? 'door left open' : r < 0.8 ? 'power cut' : 'thermostat fault';
    const hours = cause === 'door left open' ? between(1, 2) : cause === 'power cut' ? between(3, 6) : between(2, 5);
    const peak = cause === 'thermostat fault' ? -between(4.5, 5.5) : cause === 'power cut' ? between(6, 9) : between(5, 7);
    const latest = end - 8 * HOUR_MS - hours * HOUR_MS;
    if (latest <= feed.rawFrom) continue;
    const from = Math.floor(between(feed.rawFrom, latest) / STEP_MS) * STEP_MS;
    plan.excursions.push({ feedId: feed.id, from, to: from + Math.round(hours * 4) * STEP_MS, peak, cause });
  }

  // A meter replaced: the first energy register of a Mackwell estate (else any) restarts from zero, inside its raw
  // readings: the buckets around a reset do not rise, and the engine sums those from raw rows.
  const estate = companies.find((c) => kinds.get(c.id) === 'estate');
  const loggers = plan.nodes.filter((n) => n.deviceType === 'Pulse Logger' && quietOf(plan, n) === null);
  const logger = loggers.find((n) => n.companyId === estate?.id) ?? loggers[0];
  const register = logger?.feeds[0];
  if (register) plan.resets.push({ feedId: register.id, at: Math.floor((end - span(register.rawFrom) * 0.4) / STEP_MS) * STEP_MS });
}

// ---------- readings ----------

/** The failing fridge's extra warmth: a slow climb to about 6 °C above its pattern. */
export const FAILING_DRIFT = 6.2;

/** An excursion's offset at ts: a ramp over the first quarter, a plateau, recovery over the last quarter. */
function excursionOffset(e: Excursion, ts: number): number {
  if (ts < e.from || ts >= e.to) return 0;
  const q = (e.to - e.from) / 4;
  const f = Math.min(1, (ts - e.from + STEP_MS) / q, (e.to - ts) / q);
  return e.peak * f;
}

/** When a node's readings end: the end of the history, or just before it went quiet. */
function stopOf(plan: WorldPlan, node: PlannedNode): number {
  const quiet = quietOf(plan, node);
  return quiet === null ? plan.end : Math.min(plan.end, quiet - 1);
}

/**
 * Every reading of one feed's history, oldest first, as the devices would have sent them, in two columns: raw
 * readings from `feed.rawFrom`, and what the rollups of the older history are computed from. One pass, so a counter's
 * register runs on unbroken from the rollups into the raw readings.
 */
export function feedHistory(plan: WorldPlan, node: PlannedNode, feed: PlannedFeed): { ts: Float64Array; value: Float64Array } {
  const model = feedModel({ ...node, signalKey: feed.signalKey });
  const stop = stopOf(plan, node);
  const n = model && stop >= feed.from ? Math.floor((stop - feed.from) / STEP_MS) + 1 : 0;
  const ts = new Float64Array(n);
  const value = new Float64Array(n);
  if (!model) return { ts, value };
  const excursions = plan.excursions.filter((e) => e.feedId === feed.id);
  const failing = plan.failing?.feedId === feed.id ? plan.failing : null;
  const reset = plan.resets.find((r) => r.feedId === feed.id);
  let register = model.kind === 'counter' ? model.start : 0;
  for (let i = 0; i < n; i++) {
    const t = feed.from + i * STEP_MS;
    ts[i] = t;
    if (model.kind === 'counter') {
      register = reset && t === reset.at ? 0 : register + (model.ratePerHour(t) * STEP_MS) / HOUR_MS;
      value[i] = reported(model, register);
      continue;
    }
    let v = model.at(t);
    for (const e of excursions) v += excursionOffset(e, t);
    if (failing && t > failing.from) v += FAILING_DRIFT * Math.min(1, (t - failing.from) / (plan.end - failing.from)) ** 1.4;
    value[i] = reported(model, v);
  }
  return { ts, value };
}

/** Every reading of one feed's history (raw and rolled up), oldest first. */
export function* feedReadings(plan: WorldPlan, node: PlannedNode, feed: PlannedFeed): Generator<{ ts: number; value: number }> {
  const { ts, value } = feedHistory(plan, node, feed);
  for (let i = 0; i < ts.length; i++) yield { ts: ts[i]!, value: value[i]! };
}

/** How many raw readings the plan writes (the history inside each feed's retention window), without generating them. */
export function countReadings(plan: WorldPlan): number {
  let total = 0;
  for (const node of plan.nodes) {
    const stop = stopOf(plan, node);
    for (const f of node.feeds) {
      const first = f.from + Math.ceil((f.rawFrom - f.from) / STEP_MS) * STEP_MS;
      if (stop >= first) total += Math.floor((stop - first) / STEP_MS) + 1;
    }
  }
  return total;
}

// ---------- writing ----------

export interface WorldSummary {
  sites: number;
  hubs: number;
  nodes: number;
  feeds: number;
  /** Raw readings written (through storeReadings, which also keeps their rollups). */
  readings: number;
  /** Rollup rows of the history older than raw retention, written alone. */
  historyRollups: number;
  ms: number;
}

const CHUNK_ROWS = 500;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await insert(rows.slice(i, i + CHUNK_ROWS));
}

/** Rows handed to storeReadings at a time: large enough to amortise its transaction, small enough to stay in cache. */
export const READINGS_CHUNK = 50_000;

/**
 * The grains the history older than raw retention keeps. Hours and local days serve every interval from an hour up;
 * quarter-hours beside them are one row per reading (17 M more rows by default, about another minute of seeding), so
 * they are kept only where hours need them: a zone off the whole hour (Asia/Kolkata) builds its hours from them.
 */
function historyGrains(zone: string, from: number, to: number): Grain[] {
  const wholeHours = offsetAt(from, zone) % HOUR === 0 && offsetAt(to, zone) % HOUR === 0;
  return wholeHours ? ['1h', '1d'] : ['15m', '1h', '1d'];
}

/**
 * Writes a planned world: signal types, tags, sites, hubs, nodes and feeds directly; then each feed's history in one
 * pass: the readings inside its retention window through storeReadings, the same path a hub's batch takes (it keeps
 * rollups, latest values and last-seen times), and the older history as its hourly and daily rollups alone, computed
 * by the same rollupsOf and merged by the same upsert, so both halves agree bucket for bucket.
 */
export async function writeWorld(db: Db, plan: WorldPlan, log: (line: string) => void = () => {}): Promise<WorldSummary> {
  const t0 = performance.now();
  await db
    .insertInto('signalTypes')
    .values(SIGNAL_TYPES.map((s) => ({ id: `st-${s.key}`, key: s.key, name: s.name, unit: s.unit, kind: s.kind })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const types = new Map((await db.selectFrom('signalTypes').select(['id', 'key']).execute()).map((t) => [t.key, t.id]));

  await db.transaction().execute(async (trx) => {
    await insertChunked(plan.tags, (c) => trx.insertInto('nodeTags').values(c).execute());
    // Parents before their sub-sites (the foreign key).
    const sites = [...plan.sites].sort((a, b) => Number(a.parentSiteId !== null) - Number(b.parentSiteId !== null));
    await insertChunked(sites, (c) => trx.insertInto('sites').values(c).execute());
    await insertChunked(plan.hubs, (c) =>
      trx.insertInto('hubs').values(c.map(({ quietSince: _q, ...h }) => ({ ...h, lastSeenAt: null }))).execute(),
    );
    await insertChunked(plan.nodes, (c) =>
      trx
        .insertInto('nodes')
        .values(c.map((n) => ({
          id: n.id, hubId: n.hubId, siteId: n.siteId, companyId: n.companyId, name: n.name, serial: n.serial,
          deviceType: n.deviceType, batteryPct: n.batteryPct, signalDbm: n.signalDbm, lastSeenAt: null, createdAt: n.createdAt,
        })))
        .execute(),
    );
    const feeds = plan.nodes.flatMap((n) => n.feeds);
    await insertChunked(feeds, (c) =>
      trx
        .insertInto('feeds')
        .values(c.map((f) => ({
          id: f.id, nodeId: f.nodeId, companyId: f.companyId, signalTypeId: types.get(f.signalKey)!, name: f.name,
          rangeMin: f.rangeMin, rangeMax: f.rangeMax,
        })))
        .execute(),
    );
    const links = plan.nodes.flatMap((n) => n.tagIds.map((tagId) => ({ nodeId: n.id, tagId })));
    await insertChunked(links, (c) => trx.insertInto('nodeTagLinks').values(c).execute());
  });

  let readings = 0;
  let historyRollups = 0;
  let chunk: ReadingInput[] = [];
  let older: Rollup[] = [];
  const flush = async () => {
    if (chunk.length === 0 && older.length === 0) return;
    await db.transaction().execute(async (trx) => {
      // The older history first: the readings after it then merge into shared buckets as a later batch would, which
      // keeps each bucket's rising flag exact.
      await upsertRollups(trx, older);
      readings += (await storeReadings(trx, chunk)).accepted;
    });
    historyRollups += older.length;
    chunk = [];
    older = [];
  };
  for (const node of plan.nodes) {
    const grains = historyGrains(node.timezone, node.feeds[0]?.from ?? plan.end, plan.end);
    for (const feed of node.feeds) {
      const { ts, value } = feedHistory(plan, node, feed);
      let raw = 0;
      while (raw < ts.length && ts[raw]! < feed.rawFrom) raw++;
      if (raw > 0) rollupsOf(feed.id, ts.subarray(0, raw), value.subarray(0, raw), node.timezone, older, grains);
      for (let i = raw; i < ts.length; i++) chunk.push({ feedId: feed.id, ts: ts[i]!, value: value[i]! });
      if (chunk.length >= READINGS_CHUNK || older.length >= READINGS_CHUNK) await flush();
    }
  }
  await flush();
  const summary = {
    sites: plan.sites.length, hubs: plan.hubs.length, nodes: plan.nodes.length,
    feeds: plan.nodes.reduce((s, n) => s + n.feeds.length, 0), readings, historyRollups, ms: Math.round(performance.now() - t0),
  };
  log(`demo world: ${summary.sites} sites, ${summary.hubs} hubs, ${summary.nodes} nodes, ${summary.feeds} feeds, ${summary.readings} readings`
    + ` and ${summary.historyRollups} rollups of older history in ${(summary.ms / 1000).toFixed(1)} s`);
  return summary;
}

/** Plans and writes the world for the companies in the database (the demo companies on a fresh one). */
export async function seedWorld(db: Db, options: Partial<WorldOptions> = {}, log?: (line: string) => void): Promise<{ plan: WorldPlan; summary: WorldSummary }> {
  const companies = await db.selectFrom('companies').select(['id', 'name', 'customerType', 'timezone']).orderBy('name').execute();
  const plan = planWorld(companies, options);
  return { plan, summary: await writeWorld(db, plan, log) };
}

/** True when the database has no sites yet (the world is seeded once, like the accounts). */
export async function worldIsEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('sites').select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
  return !row;
}
