/**
 * What the demo world is made of: its size and span, and per kind of business the names, towns, streets, rooms,
 * device mixes and tags the plan draws from. Data only; every draw happens in plan.ts, from its seeded generator.
 */
import type { CustomerType, DeviceType } from './patterns';

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

export type Kind = 'care-home' | 'pharmacy' | 'lighting' | 'estate' | 'facility' | 'clinic';
export interface Town {
  name: string;
  lat: number;
  lon: number;
  /** Takes the plan's seeded generator, so a postcode is drawn in turn with the rest of the layout. */
  postcode: (rand: () => number) => string;
}
export interface KindSpec {
  names: string[];
  towns: Town[];
  streets: string[];
  address: (n: number, street: string, town: Town, postcode: string) => string;
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
  /**
   * The company's own people besides the demo accounts (Northwind's are the demo accounts), so every company has
   * colleagues to acknowledge, comment on and be assigned its alert events. `mailbox` is the part before the @.
   */
  team: { name: string; mailbox: string; role: 'manager' | 'user'; locale: string }[];
}

const ukPostcode = (area: string) => (rand: () => number) => `${area}${1 + Math.floor(rand() * 9)} ${1 + Math.floor(rand() * 9)}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(rand() * 20)]}${'ABDEFGHJLNPQRSTUWXYZ'[Math.floor(rand() * 20)]}`;
const fixedPostcode = (codes: string[]) => (rand: () => number) => codes[Math.floor(rand() * codes.length)]!;

const TAG = {
  critical: { name: 'Critical', colour: '#d32f2f' },
  coldChain: { name: 'Cold chain', colour: '#0288d1' },
  escape: { name: 'Escape route', colour: '#2e7d32' },
  metering: { name: 'Metering', colour: '#5d4037' },
};

export const KINDS: Record<Kind, KindSpec> = {
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
    address: (n, street, town, postcode) => `${n} ${street}, ${town.name} ${postcode}`,
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
    team: [],
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
    address: (n, street, town, postcode) => `${n} ${street}, ${town.name} ${postcode}`,
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
    team: [
      { name: 'Tamsin Pengelly', mailbox: 'tamsin.pengelly', role: 'manager', locale: 'en' },
      { name: 'Josh Trewin', mailbox: 'josh.trewin', role: 'user', locale: 'en' },
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
    address: (n, street, town, postcode) => `Unit ${n}, ${street}, ${town.name} ${postcode}`,
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
    team: [{ name: 'Dev Mistry', mailbox: 'dev.mistry', role: 'user', locale: 'en' }],
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
    address: (n, street, town, postcode) => `${n} ${street}, ${town.name}, ${postcode}`,
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
    team: [
      { name: 'Siobhán Byrne', mailbox: 'siobhan.byrne', role: 'manager', locale: 'en' },
      { name: 'Cian Murphy', mailbox: 'cian.murphy', role: 'user', locale: 'en' },
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
    address: (n, street, town, postcode) => `${n} ${street}, ${postcode} ${town.name}`,
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
    team: [
      { name: 'Camille Laurent', mailbox: 'camille.laurent', role: 'manager', locale: 'fr' },
      { name: 'Julien Moreau', mailbox: 'julien.moreau', role: 'user', locale: 'fr' },
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
    address: (n, street, town, postcode) => `${street} ${n}, ${postcode} ${town.name}`,
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
    team: [
      { name: 'Lucía Fernández', mailbox: 'lucia.fernandez', role: 'manager', locale: 'es' },
      { name: 'Javier Ortega', mailbox: 'javier.ortega', role: 'user', locale: 'es' },
    ],
  },
};

const KIND_BY_TYPE: Record<CustomerType, [Kind, Kind]> = {
  UKE: ['care-home', 'pharmacy'],
  Mackwell: ['lighting', 'estate'],
  EPS: ['facility', 'clinic'],
};

/** A company's kind of business: from its name when it says, else alternating within its customer type. */
export function kindOf(company: { name: string; customerType: CustomerType }, nthOfType: number): Kind {
  const byName: [RegExp, Kind][] = [
    [/pharmac/i, 'pharmacy'], [/care/i, 'care-home'], [/estate/i, 'estate'], [/light/i, 'lighting'], [/clinic/i, 'clinic'], [/facilit/i, 'facility'],
  ];
  const options = KIND_BY_TYPE[company.customerType];
  const named = byName.find(([re, kind]) => re.test(company.name) && options.includes(kind));
  return named ? named[1] : options[nthOfType % 2]!;
}

export const EL_ZONES = ['Stair Core', 'Corridor', 'Fire Exit', 'Lobby', 'Plant Room', 'Car Park', 'Landing'];
export const PULSE_METERS = {
  both: ['Utility Logger', 'Main Meters'],
  energy: ['Main Electricity Meter', 'Lighting Circuit', 'HVAC Sub-meter', 'Kitchen Sub-meter', 'Landlord Supply'],
  water: ['Cold Water Meter', 'Hot Water Meter'],
};
