import { sitesApi } from '../api/sites.api';
import { siteChange, siteInput, type Site, type SiteChange, type SiteInput } from '../api/contract/sites';
import { listAndFormMachine } from './list-and-form.machine';
import { siteChoices } from './site-tree';

export interface SiteValues {
  name: string;
  /** '' for a top-level site. */
  parentSiteId: string;
  address: string;
  /** As typed: DMS or decimal degrees (the contract reads both). */
  coordinates: string;
  timezone: string;
  low: string;
  high: string;
}

/** An optional number field: empty is none (null clears a stored end on a change), anything else is a number. */
export const optionalNumber = (text: string): number | null => {
  const v = text.trim();
  // A decimal comma is as good as a point in every language the product speaks.
  return v === '' ? null : Number(v.replace(',', '.'));
};

const numberText = (n: number | null) => (n === null ? '' : String(n));

/** The zone a new site starts in: the browser's, the likeliest to be where the person setting up sites is. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const bodyOf = (v: SiteValues): SiteInput => ({
  name: v.name,
  parentSiteId: v.parentSiteId || null,
  address: v.address,
  coordinates: v.coordinates,
  timezone: v.timezone,
  low: optionalNumber(v.low),
  high: optionalNumber(v.high),
});

/** Sites: the list-and-form machine on `/api/sites`, with every site as the parent picker's and filter's choices. */
export const sitesMachine = listAndFormMachine<Site, SiteValues, SiteInput, SiteChange>({
  id: 'sites',
  perCompany: 'sites',
  api: sitesApi,
  schema: siteInput,
  blank: () => ({ name: '', parentSiteId: '', address: '', coordinates: '', timezone: browserZone(), low: '', high: '' }),
  valuesOf: (s) => ({
    name: s.name, parentSiteId: s.parentSiteId ?? '', address: s.address, coordinates: s.coordinates, timezone: s.timezone,
    low: numberText(s.low), high: numberText(s.high),
  }),
  toInput: bodyOf,
  // The form shows every field, so a change sends them all; an emptied range end goes as null, which clears it.
  update: { schema: siteChange, toInput: bodyOf },
  nameOf: (s) => s.name,
  fieldKeys: {
    coordinates: { custom: 'sites.coordinatesInvalid' },
    timezone: { custom: 'sites.timezoneInvalid' },
    // Only text that is not a number reaches zod as a non-number (NaN); an empty end is null, which is allowed.
    low: { invalid_type: 'form.number' },
    high: { custom: 'sites.highAboveLow', invalid_type: 'form.number' },
  },
  defaultSort: 'name',
  filters: ['parentSiteId'],
  // A new or deleted site is a new or gone parent to pick.
  lookupsFollowList: true,
  lookups: {
    // At most 1,000 choices: the list call's largest page.
    sites: async () => siteChoices((await sitesApi.list({ limit: 1000, sort: 'name' })).data),
  },
});
