import { z } from 'zod';
import { hasUnsafeUrlCharacter, isSitePath } from './url';

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

export const whiteLabelSettingsInput = z.strictObject({
  faviconUrl: whiteLabelUrl,
  loginLogoUrl: whiteLabelUrl,
  siteLogoUrl: whiteLabelUrl,
  websiteTitle: z.string().max(200),
});
export type WhiteLabelSettingsInput = z.infer<typeof whiteLabelSettingsInput>;

export const whiteLabelDomainParams = z.object({ domain: hostName });

/** One stored row, for the admin screen; values are text exactly as saved. */
export const whiteLabelRow = whiteLabelSettings.extend({
  domain: z.string(),
  /** ISO 8601. */
  updatedAt: z.string(),
});
export const whiteLabelRowsResponse = z.array(whiteLabelRow);
export type WhiteLabelRow = z.infer<typeof whiteLabelRow>;

export const whiteLabelDeletedResponse = z.object({ deleted: z.literal(true) });
