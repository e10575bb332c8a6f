import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId, randomToken, sha256 } from '../auth/secrets';
import { PUBLIC, type AppDeps } from '../context';
import { notFound, parse, unauthorized } from '../errors';
import { findSite, type SiteRow } from '../db/sites.repository';
import { openEventsOfSite } from '../db/alert-events.repository';
import { oneSiteSeries, oneSiteSnapshot } from '../monitoring/site-snapshot';
import { id } from '../../src/api/contract/common';
import { defineResource } from './resource';
import { givenOf, invalidField } from './checks';
import type { Db } from '../db/database';
import {
  companySiteCount, deleteDisplay, displayView, findDisplay, findDisplayByKeyHash, insertDisplay, listDisplays, markDisplaySeen, playlistSites, setDisplaySites, sitesOfDisplays,
  updateDisplay, type DisplayRow,
} from '../db/displays.repository';
import {
  DISPLAY_KEY_HEADER, display, displayChange, displayInput, displayListQuery, type CreatedDisplay, type CurrentDisplay, type DisplaySite,
} from '../../src/api/contract/displays';

/** The prefix tells a leaked wall key apart from a hub's key in logs and secret scanners. */
export const DISPLAY_KEY_PREFIX = 'swd_';

/** A row as created: the key is on it only until the create answer is sent, and never stored. */
type Row = DisplayRow & { key?: string };

/** Unknown and foreign site ids alike are a 400 naming siteIds, so ids reveal nothing about other companies. */
async function checkSites(db: Db, companyId: string, siteIds: readonly string[]): Promise<void> {
  if ((await companySiteCount(db, companyId, siteIds)) !== new Set(siteIds).size) throw invalidField('siteIds', 'names a site that is not of this company');
}

/**
 * The display whose key the request carries in X-Display-Key, else 401: a wall has no session, and a deleted display's
 * key opens nothing from that moment on.
 */
export async function displayOfRequest(db: Db, req: FastifyRequest): Promise<DisplayRow> {
  const key = req.headers[DISPLAY_KEY_HEADER];
  if (typeof key !== 'string' || key.length === 0) throw unauthorized('An X-Display-Key header is required', 'invalid_display_key');
  const row = key.length <= 200 ? await findDisplayByKeyHash(db, sha256(key)) : undefined;
  if (!row) throw unauthorized('This display key is not valid or the display was removed', 'invalid_display_key');
  await markDisplaySeen(db, row.id, Date.now());
  return row;
}

const siteParams = z.object({ id });

/** The site a display's call names, when it is on the display's playlist; any other is the same 404. */
async function playlistSite(db: Db, req: FastifyRequest): Promise<SiteRow> {
  const row = await displayOfRequest(db, req);
  const { id: siteId } = parse(siteParams, req.params);
  const onList = ((await sitesOfDisplays(db, [row.id])).get(row.id) ?? []).includes(siteId);
  const site = onList ? await findSite(db, siteId) : undefined;
  if (!site || site.companyId !== row.companyId) throw notFound('Site not found');
  return site;
}

/** `GET /api/displays/current`: what a wall page starts with, by its key alone; then each site of its playlist. */
function currentRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/displays/current', PUBLIC, async (req) => {
    const row = await displayOfRequest(deps.db, req);
    const view = await displayView(deps.db, row);
    const sites = await playlistSites(deps.db, row.id);
    const answer: CurrentDisplay = { id: view.id, name: view.name, siteIds: view.siteIds, everySeconds: view.everySeconds, theme: view.theme, sites };
    return { data: answer };
  });

  app.get('/api/displays/current/sites/:id', PUBLIC, async (req) => {
    const site = await playlistSite(deps.db, req);
    const answer: DisplaySite = { ...(await oneSiteSnapshot(deps.db, site, Date.now())), openEvents: await openEventsOfSite(deps.db, site.companyId, site.id) };
    return { data: answer };
  });

  // The signed-in readings call's request and engine, on the playlist site's own feeds; the body is checked first.
  app.post('/api/displays/current/sites/:id/readings', PUBLIC, async (req: FastifyRequest, reply: FastifyReply) => {
    const json = await oneSiteSeries(deps.db, req.body, () => playlistSite(deps.db, req));
    return reply.type('application/json; charset=utf-8').send(`{"data":${json}}`);
  });
}

/**
 * Wall displays (docs/product.md, Wall displays `{ name, siteIds, everySeconds, theme }`): a playlist of the company's
 * sites a wall shows without sign-in. The key is made here and shown in the create answer only; deleting the display
 * revokes it.
 */
export const displays = defineResource({
  path: 'displays',
  noun: 'Display',
  plural: 'Displays',
  item: display,
  listQuery: displayListQuery,
  createInput: displayInput,
  updateInput: displayChange,
  list: (db, scope, query) => listDisplays(db, scope.companyId, query),
  find: (db, scope, id): Promise<Row | undefined> => findDisplay(db, scope.companyId, id),
  async view(db, _scope, row: Row) {
    const item = await displayView(db, row);
    if (row.key === undefined) return item;
    const created: CreatedDisplay = { ...item, key: row.key };
    return created;
  },
  async create(db, scope, input): Promise<Row> {
    await checkSites(db, scope.companyId, input.siteIds);
    const key = `${DISPLAY_KEY_PREFIX}${randomToken(32)}`;
    const row: DisplayRow = {
      id: newId(), companyId: scope.companyId, name: input.name, keyHash: sha256(key), everySeconds: input.everySeconds, theme: input.theme, createdAt: scope.now, lastSeenAt: null,
    };
    await insertDisplay(db, row);
    await setDisplaySites(db, row.id, input.siteIds);
    return { ...row, key };
  },
  async update(db, scope, row: Row, input): Promise<Row> {
    const { siteIds, ...change } = givenOf(input);
    if (siteIds !== undefined) {
      await checkSites(db, scope.companyId, siteIds);
      await setDisplaySites(db, row.id, siteIds);
    }
    await updateDisplay(db, row.id, change);
    return { ...row, ...change };
  },
  remove: (db, _scope, row: Row) => deleteDisplay(db, row.id),
  describe: (row: Row) => row.name,
  extra: currentRoute,
});
