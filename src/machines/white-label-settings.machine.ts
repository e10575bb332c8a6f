import { whiteLabelApi } from '../api/white-label.api';
import { whiteLabelChange, whiteLabelInput, type WhiteLabelChange, type WhiteLabelInput, type WhiteLabelRow } from '../api/contract/white-label';
import { listAndFormMachine } from './list-and-form.machine';

export interface WhiteLabelValues {
  domain: string;
  websiteTitle: string;
  faviconUrl: string;
  loginLogoUrl: string;
  siteLogoUrl: string;
}

const bodyOf = (v: WhiteLabelValues) => ({
  domain: v.domain, websiteTitle: v.websiteTitle, faviconUrl: v.faviconUrl, loginLogoUrl: v.loginLogoUrl, siteLogoUrl: v.siteLogoUrl,
});
const URL_KEYS = { custom: 'management.urlInvalid' } as const;

/**
 * White-label settings (admins): the list-and-form machine on `/api/white-label-settings`. A change sends every field
 * the form shows; a new host name moves the settings there. The branding of this browser is re-read by the screen
 * when rows change (`rows.changed`).
 */
export const whiteLabelSettingsMachine = listAndFormMachine<WhiteLabelRow, WhiteLabelValues, WhiteLabelInput, WhiteLabelChange>({
  id: 'whiteLabelSettings',
  api: whiteLabelApi,
  schema: whiteLabelInput,
  blank: () => ({ domain: '', websiteTitle: '', faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '' }),
  valuesOf: (r) => ({ domain: r.domain, websiteTitle: r.websiteTitle, faviconUrl: r.faviconUrl, loginLogoUrl: r.loginLogoUrl, siteLogoUrl: r.siteLogoUrl }),
  toInput: bodyOf,
  update: { schema: whiteLabelChange, toInput: bodyOf },
  nameOf: (r) => r.domain,
  fieldKeys: { domain: { custom: 'management.domainInvalid', duplicate: 'management.domainTaken' }, faviconUrl: URL_KEYS, loginLogoUrl: URL_KEYS, siteLogoUrl: URL_KEYS },
  defaultSort: 'domain',
});
