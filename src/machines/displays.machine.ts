import { displaysApi } from '../api/displays.api';
import { displayChange, displayInput, type CreatedDisplay, type Display, type DisplayChange, type DisplayInput, type DisplayTheme } from '../api/contract/displays';
import { sitesApi } from '../api/sites.api';
import { listAndFormMachine, type ListAndFormActor } from './list-and-form.machine';
import { siteChoices } from './site-tree';

export interface DisplayValues {
  name: string;
  /** The playlist, in the order the sites were chosen. */
  siteIds: string[];
  /** As typed; whole seconds 5–3600. */
  everySeconds: string;
  theme: DisplayTheme;
}

const bodyOf = (v: DisplayValues): DisplayInput => ({
  name: v.name,
  siteIds: v.siteIds,
  // Empty is not a number: the schema says so under the field.
  everySeconds: v.everySeconds.trim() === '' ? Number.NaN : Number(v.everySeconds.trim()),
  theme: v.theme,
});

/**
 * Displays (managers): the list-and-form machine on `/api/displays`, with the company's sites as the playlist's
 * choices. A new display's key is in the create answer only (`context.created`): the screen shows it, and the wall's
 * address with it, once. Deleting a display revokes its key, and its wall says so.
 */
export const displaysMachine = listAndFormMachine<Display, DisplayValues, DisplayInput, DisplayChange, CreatedDisplay>({
  id: 'displays',
  perCompany: 'displays',
  api: displaysApi,
  schema: displayInput,
  blank: () => ({ name: '', siteIds: [], everySeconds: '30', theme: 'dark' }),
  valuesOf: (d) => ({ name: d.name, siteIds: d.siteIds, everySeconds: String(d.everySeconds), theme: d.theme }),
  toInput: bodyOf,
  update: { schema: displayChange, toInput: bodyOf },
  nameOf: (d) => d.name,
  fieldKeys: { siteIds: { too_small: 'displays.chooseSites' } },
  defaultSort: 'name',
  lookups: {
    // At most 1,000 choices: the list call's largest page.
    sites: async () => siteChoices((await sitesApi.list({ limit: 1000, sort: 'name' })).data),
  },
});

export type DisplaysActor = ListAndFormActor<Display, DisplayValues, DisplayInput, DisplayChange, CreatedDisplay>;
