import { z } from 'zod';
import { hasUnsafeUrlCharacter, isSitePath } from './url';
import { listQuery } from './list';

export const whiteLabelQuery = z.object({ Domain: z.string().trim().min(1).max(253) });
export const whiteLabelSettings = z.object({
  faviconUrl: z.string().max(2048),
  loginLogoUrl: z.string().max(2048),
  siteLogoUrl: z.string().max(2048),
  websiteTitle: z.string().max(200),
});
export type WhiteLabelSettings = z.infer<typeof whiteLabelSettings>;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::(\\d{1,5}))?$`);

/** A host name as the browser's location.host gives it: letters, digits, dots, hyphens, an optional :port. */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Domain is required')
  .max(253)
  .refine((v) => {
    const m = HOST.exec(v);
    return Boolean(m) && (m![1] === undefined || Number(m![1]) <= 65535);
  }, 'Domain must be a host name such as dashboard.example.com (letters, digits, dots, hyphens, optional :port)');

/**
 * An image or icon address: empty (use the default), an http(s) URL, or a path on this site starting with "/".
 * Anything else (javascript:, data:, protocol-relative //host) is refused.
 */
export const whiteLabelUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    if (v === '') return true;
    if (v.startsWith('/')) return isSitePath(v);
    if (hasUnsafeUrlCharacter(v)) return false;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be empty, an http(s) URL, or a path starting with "/"');

const settingsFields = {
  faviconUrl: whiteLabelUrl,
  loginLogoUrl: whiteLabelUrl,
  siteLogoUrl: whiteLabelUrl,
  websiteTitle: z.string().max(200),
};

/** The four settings of a host name. */
export const whiteLabelSettingsInput = z.strictObject(settingsFields);
export type WhiteLabelSettingsInput = z.infer<typeof whiteLabelSettingsInput>;

/** `POST /api/white-label-settings`: a host name (unique; the public call looks rows up by it) and its settings. */
export const whiteLabelInput = z.strictObject({ domain: hostName, ...settingsFields });
export type WhiteLabelInput = z.input<typeof whiteLabelInput>;

/** `PUT /api/white-label-settings/{domain}`: the fields to change; a new `domain` moves the settings to that host name. */
export const whiteLabelChange = whiteLabelInput.partial();
export type WhiteLabelChange = z.input<typeof whiteLabelChange>;

/** One stored row, for the admin screen; values are text exactly as saved. `id` is the host name. */
export const whiteLabelRow = whiteLabelSettings.extend({
  id: z.string(),
  domain: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export type WhiteLabelRow = z.infer<typeof whiteLabelRow>;

export const WHITE_LABEL_SORTS = ['domain', 'websiteTitle', 'updatedAt'] as const;
/** The list query of white-label settings: `q` matches the host name and the title. */
export const whiteLabelListQuery = listQuery(WHITE_LABEL_SORTS);
