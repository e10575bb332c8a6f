import { hubsApi } from '../api/hubs.api';
import { sites } from '../api/monitoring.api';
import { hubChange, hubInput, type Hub, type HubChange, type HubInput } from '../api/contract/hubs';
import { listAndFormMachine } from './list-and-form.machine';

export interface HubValues {
  siteId: string;
  serial: string;
  name: string;
  firmware: string;
}

const bodyOf = (v: HubValues): HubInput => ({
  siteId: v.siteId,
  serial: v.serial,
  name: v.name,
  // Firmware is optional on the contract: an empty field is left out rather than sent as "".
  ...(v.firmware.trim() ? { firmware: v.firmware } : {}),
});

/** Hubs: the list-and-form machine on `/api/hubs`, with the company's sites as the site picker's choices. */
export const hubsMachine = listAndFormMachine<Hub, HubValues, HubInput, HubChange>({
  id: 'hubs',
  perCompany: 'hubs',
  api: hubsApi,
  schema: hubInput,
  blank: () => ({ siteId: '', serial: '', name: '', firmware: '' }),
  valuesOf: (h) => ({ siteId: h.siteId, serial: h.serial, name: h.name, firmware: h.firmware }),
  toInput: bodyOf,
  // A change sends every field (the PUT is partial, but the form shows them all); clearing firmware sends "".
  update: { schema: hubChange, toInput: (v) => ({ ...bodyOf(v), firmware: v.firmware }) },
  nameOf: (h) => h.name,
  defaultSort: 'name',
  filters: ['siteId'],
  lookups: {
    // Pickers show at most 1,000 choices: the sites list call's largest page (`GET /api/sites?limit=1000`).
    sites: async () => (await sites()).map((s) => ({ value: s.id, label: s.name })),
  },
});
