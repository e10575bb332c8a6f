import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import { storeReadings } from '../../server/monitoring/ingest';
import { alertEvent } from '../../src/api/contract/alerts';
import { listAnswer } from '../../src/api/contract/list';
import { actOnEvent } from '../../server/alerts/event-actions';

const MIN = 60_000;

describe('alert events API', () => {
  let t: TestApp;
  let company: string;
  let node: string;
  let eventId: string;
  let tok: { manager: string; user: string; viewer: string; foreign: string };
  let userId: string;
  let outsiderId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    company = await addCompany(db);
    const site = await addSite(db, company);
    node = await addNode(db, await addHub(db, site));
    const feed = await addFeed(db, node, await addSignalType(db, 'instant'));
    const manager = await memberOf(t.app, db, company, 'manager');
    const user = await memberOf(t.app, db, company, 'user');
    userId = user.userId;
    const viewer = await memberOf(t.app, db, company, 'viewer');
    const other = await addCompany(db);
    const outsider = await memberOf(t.app, db, other, 'manager');
    outsiderId = outsider.userId;
    tok = { manager: manager.token, user: user.token, viewer: viewer.token, foreign: outsider.token };
    const T0 = Date.now() - 120 * MIN;
    await db
      .insertInto('alertRules')
      .values({
        id: crypto.randomUUID(), companyId: company, name: 'Fridge warm', enabled: 1, scopeFeedId: feed, scopeNodeId: null, scopeSiteId: null,
        scopeSignalTypeId: null, condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 0, severity: 'major', templateId: null,
        recipients: JSON.stringify([manager.userId]), escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: T0 - MIN,
      })
      .execute();
    await storeReadings(db, [{ feedId: feed, ts: T0, value: 9.5 }]);
    eventId = (await db.selectFrom('alertEvents').select('id').where('companyId', '=', company).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const act = (token: string, body: unknown, id = eventId) => call(t.app, 'PUT', `/api/alertevents/detail/${id}`, body, token);

  it('lists the company’s events in the contract shape, filtered, and a node’s events', async () => {
    const list = await call(t.app, 'GET', '/api/alertevents?state=active&severity=major', undefined, tok.viewer);
    expect(list.status).toBe(200);
    const parsed = listAnswer(alertEvent).parse(list.body);
    expect(parsed.total).toBe(1);
    expect(parsed.data[0]).toMatchObject({ id: eventId, ruleName: 'Fridge warm', peak: 9.5, unit: '°C', endedAt: null, muted: false, history: [{ action: 'opened', userId: null }] });
    expect(listAnswer(alertEvent).parse((await call(t.app, 'GET', '/api/alertevents?state=resolved', undefined, tok.viewer)).body).total).toBe(0);
    expect((await call(t.app, 'GET', '/api/alertevents?colour=red', undefined, tok.viewer)).status).toBe(400);
    const ofNode = await call(t.app, 'GET', `/api/alertevents/${node}`, undefined, tok.viewer);
    expect(ofNode.body.data.map((e: { id: string }) => e.id)).toEqual([eventId]);
  });

  it('another company sees none of it: 404 for the event and the node, nothing in its list', async () => {
    expect((await call(t.app, 'GET', `/api/alertevents/detail/${eventId}`, undefined, tok.foreign)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/alertevents/${node}`, undefined, tok.foreign)).status).toBe(404);
    expect((await act(tok.foreign, { action: 'acknowledge' })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/alertevents', undefined, tok.foreign)).body).toEqual({ data: [], total: 0 });
  });

  it('a viewer looks but does not act; a comment needs text', async () => {
    expect((await act(tok.viewer, { action: 'acknowledge' })).status).toBe(403);
    const r = await act(tok.user, { action: 'comment' });
    expect(r.status).toBe(400);
    expect((r.body as { details: { path: string }[] }).details[0]!.path).toBe('comment');
  });

  it('acknowledge with a comment, once; assign to a member only; resolve — each in the history with who and when', async () => {
    const ack = await act(tok.user, { action: 'acknowledge', comment: 'Door was open, closed it' });
    expect(ack.status).toBe(200);
    expect(alertEvent.parse(ack.body.data)).toMatchObject({ state: 'acknowledged', acknowledgedBy: userId, comments: [{ userId, text: 'Door was open, closed it' }] });
    const again = await act(tok.user, { action: 'acknowledge' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_acknowledged');
    expect((await act(tok.manager, { action: 'assign', assigneeId: outsiderId })).status).toBe(400);
    expect((await act(tok.manager, { action: 'assign', assigneeId: userId })).body.data.assigneeId).toBe(userId);
    const done = await act(tok.user, { action: 'resolve', comment: 'Back in range for an hour' });
    expect(done.body.data.state).toBe('resolved');
    expect(done.body.data.history.map((h: { action: string }) => h.action)).toEqual(['opened', 'acknowledge', 'assign', 'resolve']);
    expect((await act(tok.user, { action: 'resolve' })).body.code).toBe('resolved');
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('companyId', '=', company).where('action', 'like', 'alert-events.%').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['alert-events.acknowledge', 'alert-events.assign', 'alert-events.resolve']);
  });

  it('two acknowledgements that both read the event as active: the second is told it is done, and writes nothing', async () => {
    const db = t.deps.db;
    const before = await db.selectFrom('alertEventHistory').select('id').where('eventId', '=', eventId).execute();
    const audited = await db.selectFrom('auditLog').select('id').where('companyId', '=', company).execute();
    // What the second request read before the first one's write: the event as it was, active.
    const stale = { id: eventId, state: 'active' as const, ruleName: 'Fridge warm' };
    const second = actOnEvent(db, { companyId: company, event: stale, action: { action: 'acknowledge' }, userId, who: { actorUserId: userId }, at: Date.now() });
    await expect(second).rejects.toMatchObject({ statusCode: 409, code: 'already_acknowledged' });
    expect(await db.selectFrom('alertEventHistory').select('id').where('eventId', '=', eventId).execute()).toHaveLength(before.length);
    // Nor is a refused action audited: the audit line is written in the action's transaction.
    expect(await db.selectFrom('auditLog').select('id').where('companyId', '=', company).execute()).toHaveLength(audited.length);
  });
});
