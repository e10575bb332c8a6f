import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';
import { parseCoordinates, type LatLon } from './coordinates';
import { siteSummary } from './monitoring';

/**
 * The spelling to store for an IANA time zone, or null when Intl does not know it. A zone that differs from Intl's
 * own spelling only in letter case takes Intl's ("europe/london" → "Europe/London"), so a zone picker finds it again;
 * otherwise the zone stays as entered (Intl would turn "America/Argentina/Buenos_Aires" into an alias nobody typed).
 */
export function timeZoneOf(zone: string): string | null {
  // Newer engines also take UTC offsets ("+01:00"): not IANA zones, and they never follow daylight saving.
  if (!/^[A-Za-z]/.test(zone)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

/** An IANA time zone (docs/product.md, Data model): a site's buckets and a company's defaults align to it. */
export const timeZone = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64)
  .transform((v, ctx) => {
    const zone = timeZoneOf(v);
    if (zone === null) ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone such as Europe/London' });
    return zone ?? v;
  });

// The patterns below read text whose runs of white space are already one space each (see siteCoordinates), so no
// two neighbouring parts can trade characters and a failed match costs linear time, whatever the text.
const NUMBER = String.raw`\d+(?:\.\d+)?`;
/** One angle with degree, minute and second marks, as maps and GPS devices print it: 51°30'26.5"N, -0°7′39″. */
const MARKED = String.raw`([+-]?)(${NUMBER}) ?° ?(?:(${NUMBER}) ?['′] ?)?(?:(${NUMBER}) ?(?:"|″|'') ?)?([NSEWnsew]?)`;
const MARKED_PAIR = new RegExp(String.raw`^${MARKED} ?[,;]? ?${MARKED}$`);
/** One decimal angle, optionally with a hemisphere letter: -0.12775, 51.507361 N. */
const DECIMAL = String.raw`([+-]?)(${NUMBER}) ?([NSEWnsew]?)`;
const DECIMAL_PAIR = new RegExp(String.raw`^${DECIMAL} ?[,; ] ?${DECIMAL}$`);

/** One angle in the helper's notation from its parts as matched: sign, degrees, minutes, seconds, hemisphere. */
const helperAngle = ([sign = '', deg = '', min = '0', sec, hemisphere = '']: (string | undefined)[]) =>
  `${sign}${deg},${min}${sec === undefined ? '' : `,${sec}`}${hemisphere ? ` ${hemisphere}` : ''}`;

/**
 * A site's coordinates as people type them, read by the coordinates helper of docs/product.md, Sites and coordinates: its own notation
 * ("51,30,26.5 N; 0,7,39.9 W"), degree/minute/second marks (`51°30'26"N 0°7'39"W`) or a decimal pair
 * ("51.507361, -0.12775"). The other notations are only rewritten into the helper's, so every range rule and the
 * rounding stay the helper's. Null when the text is none of them.
 */
export function siteCoordinates(text: string): LatLon | null {
  const direct = parseCoordinates(text);
  if (direct) return direct;
  const spaced = text.trim().replace(/\s+/g, ' ');
  const marked = MARKED_PAIR.exec(spaced);
  if (marked) return parseCoordinates(`${helperAngle(marked.slice(1, 6))}; ${helperAngle(marked.slice(6, 11))}`);
  const decimal = DECIMAL_PAIR.exec(spaced);
  if (decimal) {
    const [, s1, d1, h1, s2, d2, h2] = decimal;
    return parseCoordinates(`${helperAngle([s1, d1, '0', undefined, h1])}; ${helperAngle([s2, d2, '0', undefined, h2])}`);
  }
  return null;
}

/** Coordinates as entered; empty means the site has no position. */
const coordinatesText = z
  .string()
  .trim()
  .max(100)
  // Zod runs the refinement on text max() has already refused; that text needs no second message (nor the work).
  .refine((v) => v === '' || v.length > 100 || siteCoordinates(v) !== null, `must be a latitude and a longitude, such as 51°30'26"N 0°7'39"W or 51.5072, -0.1276`);

/** A site's own safe range for fridges, in °C; null falls back to 2–8 °C (docs/product.md, Reports). */
const celsius = z.number().min(-100).max(100);

const siteFields = {
  name: z.string().trim().min(1, 'is required').max(200),
  /** The site this one is a sub-site of; null or absent for a top-level site. */
  parentSiteId: id.nullable().optional(),
  address: z.string().trim().max(500).optional(),
  coordinates: coordinatesText.optional(),
  timezone: timeZone,
  low: celsius.nullable().optional(),
  high: celsius.nullable().optional(),
};

const lowBelowHigh = (v: { low?: number | null; high?: number | null }, ctx: z.RefinementCtx) => {
  if (v.low != null && v.high != null && v.low >= v.high) ctx.addIssue({ code: 'custom', path: ['high'], message: 'must be above low' });
};

/** `POST /api/sites` (docs/product.md, Management `{ name, parentSiteId?, address?, coordinates?, timezone }`, plus the safe range). */
export const siteInput = z.object(siteFields).strict().superRefine(lowBelowHigh);
export type SiteInput = z.input<typeof siteInput>;

/** `PUT /api/sites/{id}`: the fields to change; one left out keeps its value, `null` clears a nullable one. */
export const siteChange = z.object(siteFields).partial().strict().superRefine(lowBelowHigh);
export type SiteChange = z.input<typeof siteChange>;

/**
 * A site as the sites resource answers it: the `GET /api/sites` item the dashboards already read (siteSummary, with
 * its health now), plus what the management screen edits.
 */
export const site = siteSummary.extend({
  parentName: z.string().nullable(),
  /** As entered. */
  coordinates: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type Site = z.infer<typeof site>;

export const SITE_SORTS = ['name', 'timezone', 'hubCount', 'nodeCount'] as const;
/** The list query, and `parentSiteId` for the sub-sites of one site. */
export const siteListQuery = listQuery(SITE_SORTS).extend({ parentSiteId: id.optional() });
export type SiteListQuery = z.output<typeof siteListQuery>;
