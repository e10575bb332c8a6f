import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { newId, randomToken, sha256 } from '../auth/secrets';
import { auditRequest, type AppDeps } from '../context';
import { notFound, parse } from '../errors';
import { defineResource, duplicate, type ResourceHelpers, type Scope } from './resource';
import { givenOf, invalidField, siteOfCompany } from './checks';
import { LIMITS } from '../auth/rate-limiter';
import type { Db } from '../db/database';
import {
  DEFAULT_REPORTING_PERIOD_S, deleteHub, findHub, findHubBySerial, hubView, insertHub, listHubs, nodesOfHub, updateHub, type HubRow,
} from '../db/hubs.repository';
import { moveNodesOfHub } from '../db/nodes.repository';
import { apiKeysOfHub, findHubApiKey, insertHubApiKey, revokeHubApiKey } from '../db/hub-api-keys.repository';
import { hub, hubChange, hubInput, hubListQuery } from '../../src/api/contract/hubs';
import { createHubApiKeyRequest } from '../../src/api/contract/monitoring';
import { id } from '../../src/api/contract/common';

/** The prefix tells a leaked key apart in logs and secret scanners. */
export const API_KEY_PREFIX = 'swk_';

/**
 * The one answer for every serial a company may not take, whatever the reason: were a serial held by another company's
 * hub answered apart ("already registered"), each answer would tell that the hub exists, and where to look for it.
 */
const serialRefused = () => invalidField('serial', "cannot be registered; check it on the hub's label");

/** Control and format characters (a tab, a zero-width space, a direction mark) are a paste gone wrong: no label prints them. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}]/u;

/**
 * What a serial is to a hub of this company: free; the hub's own (`self`); another of the company's hubs' (its own data,
 * so the answer may say so); or refused: held by another company's hub, or not one a label could carry.
 */
async function serialUse(db: Db, companyId: string, serial: string, self?: string): Promise<'free' | 'self' | 'company' | 'refused'> {
  if (UNPRINTABLE.test(serial)) return 'refused';
  const holder = await findHubBySerial(db, serial);
  if (!holder) return 'free';
  if (holder.id === self) return 'self';
  return holder.companyId === companyId ? 'company' : 'refused';
}

/**
 * Counts refused serials per person (the admin, while shadowing) outside the write's transaction, whose rollback would
 * forget them; recording before answering keeps a burst of guesses from all passing one check.
 */
async function admitSerial(deps: AppDeps, scope: Scope, serial: string | undefined, self?: string): Promise<void> {
  if (serial === undefined) return;
  const use = await serialUse(deps.db, scope.companyId, serial, self);
  const key = `hub-serial:user:${scope.claims.act?.sub ?? scope.claims.sub}`;
  if (use === 'refused') {
    await deps.auth.limiter.hit(key, LIMITS.refusedSerialsPerUser);
    throw serialRefused();
  }
  // Past the limit a free serial is a 429 as well: were it still taken, the 429 alone would mark the taken ones.
  if (use !== 'self') await deps.auth.limiter.check(key, LIMITS.refusedSerialsPerUser);
}

/** The check inside the transaction, for a serial taken since admitSerial looked. */
async function availableSerial(db: Db, companyId: string, serial: string, self?: string): Promise<void> {
  const use = await serialUse(db, companyId, serial, self);
  if (use === 'company') throw duplicate('serial', 'another hub of this company has this serial');
  if (use === 'refused') throw serialRefused();
}

const keyParams = z.object({ id, keyId: id }).strict();
const hubParams = keyParams.pick({ id: true });

const toSummary = (k: { id: string; label: string; createdAt: number; revokedAt: number | null }) => ({
  id: k.id,
  label: k.label,
  createdAt: new Date(Number(k.createdAt)).toISOString(),
  revokedAt: k.revokedAt === null ? null : new Date(Number(k.revokedAt)).toISOString(),
});

/**
 * A hub's API keys (what `POST /api/ingest` authenticates with), under the hub's scope and roles: a hub of another
 * company is 404, and keys are a manager's business, so even listing them needs write rights.
 */
function apiKeyRoutes(app: FastifyInstance, deps: AppDeps, { scopeOf, rowOf }: ResourceHelpers<HubRow>): void {
  const { db } = deps;

  app.post('/api/hubs/:id/api-keys', async (req, reply) => {
    const scope = await scopeOf(req, true);
    const { id: hubId } = parse(hubParams, req.params);
    const { label } = parse(createHubApiKeyRequest, req.body);
    const key = `${API_KEY_PREFIX}${randomToken(32)}`;
    const row = { id: newId(), hubId, keyHash: sha256(key), label: label ?? '', createdAt: scope.now };
    await db.transaction().execute(async (tx) => {
      await rowOf(scope, hubId, tx);
      await insertHubApiKey(tx, row);
      await auditRequest(tx, req, { companyId: scope.companyId, action: 'hub-api-key.create', detail: `hub ${hubId} key ${row.id}` });
    });
    return reply.code(201).send({ data: { id: row.id, key, label: row.label, createdAt: new Date(row.createdAt).toISOString() } });
  });

  app.get('/api/hubs/:id/api-keys', async (req) => {
    const scope = await scopeOf(req, true);
    const { id: hubId } = parse(hubParams, req.params);
    await rowOf(scope, hubId);
    return { data: (await apiKeysOfHub(db, hubId)).map(toSummary) };
  });

  app.delete('/api/hubs/:id/api-keys/:keyId', async (req) => {
    const scope = await scopeOf(req, true);
    const { id: hubId, keyId } = parse(keyParams, req.params);
    const key = await db.transaction().execute(async (tx) => {
      await rowOf(scope, hubId, tx);
      const before = await findHubApiKey(tx, hubId, keyId);
      if (!before) throw notFound('API key not found');
      // Revoking twice keeps the first time and is audited once.
      if (before.revokedAt !== null) return before;
      await revokeHubApiKey(tx, hubId, keyId, scope.now);
      await auditRequest(tx, req, { companyId: scope.companyId, action: 'hub-api-key.revoke', detail: `hub ${hubId} key ${keyId}` });
      return (await findHubApiKey(tx, hubId, keyId))!;
    });
    return { data: toSummary(key) };
  });
}

/** Hubs (docs/product.md, Management): the gateways a site's nodes report through. */
export const hubs = defineResource({
  path: 'hubs',
  noun: 'Hub',
  plural: 'Hubs',
  item: hub,
  listQuery: hubListQuery,
  createInput: hubInput,
  updateInput: hubChange,
  list: (db, scope, query) => listHubs(db, scope.companyId, scope.now, query),
  find: (db, scope, id) => findHub(db, scope.companyId, id),
  view: (db, scope, row) => hubView(db, row, scope.now),
  admit: (deps, scope, input, rowId) => admitSerial(deps, scope, input.serial, rowId),
  async create(db, scope, input) {
    await siteOfCompany(db, scope.companyId, input.siteId);
    await availableSerial(db, scope.companyId, input.serial);
    const row: HubRow = {
      id: newId(), siteId: input.siteId, companyId: scope.companyId, serial: input.serial, name: input.name, firmware: input.firmware ?? '',
      reportingPeriodS: DEFAULT_REPORTING_PERIOD_S, lastSeenAt: null, createdAt: scope.now,
    };
    await insertHub(db, row);
    return row;
  },
  async update(db, scope, row, input) {
    const change = givenOf(input);
    if (change.siteId !== undefined && change.siteId !== row.siteId) {
      await siteOfCompany(db, scope.companyId, change.siteId);
      // A node's site is its hub's (docs/product.md, Data model), so the nodes move with the hub; their feeds and readings stay theirs.
      await moveNodesOfHub(db, row.id, change.siteId);
    }
    if (change.serial !== undefined) await availableSerial(db, scope.companyId, change.serial, row.id);
    await updateHub(db, row.id, change);
    return { ...row, ...change };
  },
  // Nodes report through their hub: deleting it would leave them unreachable, so they move to another hub first.
  async usage(db, _scope, row) {
    return { kind: 'nodes', ...(await nodesOfHub(db, row.id)) };
  },
  remove: (db, _scope, row) => deleteHub(db, row.id),
  describe: (row) => `${row.name} (${row.serial})`,
  extra: apiKeyRoutes,
});
