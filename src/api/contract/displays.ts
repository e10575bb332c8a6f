import { z } from 'zod';
import { id } from './common';
import { listQuery } from './list';
import { sharedDashboard } from './shares';
import { alertEvent } from './alerts';

/** docs/product.md, Wall displays: how a wall is themed. */
export const DISPLAY_THEMES = ['dark', 'light'] as const;
export type DisplayTheme = (typeof DISPLAY_THEMES)[number];

/** The header a wall sends its key in (the stream and `GET /api/displays/current`), never a bearer token. */
export const DISPLAY_KEY_HEADER = 'x-display-key';

const fields = {
  name: z.string().trim().min(1, 'is required').max(200),
  /** The playlist, in the order the wall shows it; sites of the token's company. */
  siteIds: z.array(id).min(1, 'names at least one site').max(50),
  /** How long each site stays on screen. */
  everySeconds: z.number().int().min(5).max(3600),
  theme: z.enum(DISPLAY_THEMES),
};

/** `POST /api/displays` (docs/product.md, Wall displays): a wall display of the token's company; the answer holds its key, once. */
export const displayInput = z.object({ ...fields, everySeconds: fields.everySeconds.default(30) }).strict();
export type DisplayInput = z.input<typeof displayInput>;
/** `PUT /api/displays/{id}`: the fields to change; those left out keep their value. The key never changes. */
export const displayChange = z.object(fields).partial().strict();
export type DisplayChange = z.input<typeof displayChange>;

export const display = z.object({
  id,
  name: z.string(),
  siteIds: z.array(id),
  everySeconds: z.number().int(),
  theme: z.enum(DISPLAY_THEMES),
  createdAt: z.string(),
  /** When the display last reached the server (its page or its stream, to the minute); null if it never has. */
  lastSeenAt: z.string().nullable(),
});
export type Display = z.infer<typeof display>;

/** The create answer: the display and its key, which no other answer shows (only its hash is kept). */
export const createdDisplay = display.extend({ key: z.string() });
export type CreatedDisplay = z.infer<typeof createdDisplay>;

export const DISPLAY_SORTS = ['name', 'everySeconds', 'theme', 'createdAt'] as const;
export const displayListQuery = listQuery(DISPLAY_SORTS);

/** `GET /api/displays/current` by the wall's key: what the wall page starts with. */
export const currentDisplay = display.omit({ createdAt: true, lastSeenAt: true }).extend({
  sites: z.array(z.object({ id, name: z.string(), timezone: z.string() })),
});
export type CurrentDisplay = z.infer<typeof currentDisplay>;

/**
 * `GET /api/displays/current/sites/{id}` by the wall's key, for a site of its playlist: the site as a shared page shows
 * it (its hubs, its nodes with their feeds' latest values and safe ranges) and its open alert events. The chart's
 * readings come from `POST /api/displays/current/sites/{id}/readings` with the signed-in readings request.
 */
export const displaySite = sharedDashboard.omit({ expiresAt: true }).extend({ openEvents: z.array(alertEvent) });
export type DisplaySite = z.infer<typeof displaySite>;
