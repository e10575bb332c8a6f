import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailsTo, type TestApp } from './helpers';
import { addCompany, addFeed, addHub, addNode, addSignalType, addSite, memberOf } from './readings-fixtures';
import { storeReadings } from '../../server/monitoring/ingest';
import { alertTick } from '../../server/jobs/alerts';
import type { AlertRulesTable } from '../../server/db/alerts.schema';

const MIN = 60_000;

describe('alert notifications, escalation, no data and the mail link', () => {
  let t: TestApp;
  let company: string;
  let node: string;
  let type: string;
  let manager: { userId: string; email: string };
  let user: { userId: string; email: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.deps.db;
    company = await addCompany(db);
    node = await addNode(db, await addHub(db, await addSite(db, company, { timezone: 'Europe/Paris' })));
    type = await addSignalType(db, 'instant');
    const person = async (role: 'manager' | 'user', locale: string) => {
      const m = await memberOf(t.app, db, company, role);
      await db.updateTable('users').set({ locale }).where('id', '=', m.userId).execute();
      const { email } = await db.selectFrom('users').select('email').where('id', '=', m.userId).executeTakeFirstOrThrow();
      return { userId: m.userId, email };
    };
    manager = await person('manager', 'fr');
    user = await person('user', 'it');
  });
  afterAll(() => t.close());

  const rule = async (feedId: string, over: Partial<AlertRulesTable> = {}) => {
    const id = crypto.randomUUID();
    await t.deps.db
      .insertInto('alertRules')
      .values({
        id, companyId: company, name: `Frigo ${id.slice(0, 4)}`, enabled: 1, scopeFeedId: feedId, scopeNodeId: null, scopeSiteId: null, scopeSignalTypeId: null,
        condition: 'above', low: null, high: 8, forMinutes: 0, clearBy: 0, severity: 'critical', templateId: null, recipients: JSON.stringify([manager.userId]),
        escalateTo: '[]', escalateAfterMinutes: null, mutedUntil: null, createdAt: Date.now() - 600 * MIN, ...over,
      })
      .execute();
    return id;
  };
  const eventOf = (ruleId: string) => t.deps.db.selectFrom('alertEvents').selectAll().where('ruleId', '=', ruleId).executeTakeFirstOrThrow();
  const linkIn = (text: string) => /\/api\/alert-links\/([A-Za-z0-9_-]+)/.exec(text)![1]!;

  it('mails the recipients in their language with a link that acknowledges once and says so the second time', async () => {
    const feed = await addFeed(t.deps.db, node, type);
    const ruleId = await rule(feed);
    const at = Date.now() - 5 * MIN;
    await storeReadings(t.deps.db, [{ feedId: feed, ts: at, value: 9.4 }]);
    expect((await alertTick(t.deps)).sent).toBe(1);
    const [mail] = await mailsTo(t.app, manager.email);
    expect(mail!.subject).toMatch(/^Nouvelle alerte · Critique : Frigo/);
    expect(mail!.text).toContain('9.4');
    const token = linkIn(mail!.text);
    // Opening the link changes nothing (mail scanners open links); the button does.
    const view = await t.app.inject({ method: 'GET', url: `/api/alert-links/${token}` });
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain('<form method="post">');
    expect((await eventOf(ruleId)).state).toBe('active');
    const ack = await t.app.inject({ method: 'POST', url: `/api/alert-links/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(ack.statusCode).toBe(200);
    expect(ack.body).toContain('Réception confirmée');
    expect(await eventOf(ruleId)).toMatchObject({ state: 'acknowledged', acknowledgedBy: manager.userId });
    const again = await t.app.inject({ method: 'POST', url: `/api/alert-links/${token}` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('déjà servi');
    expect((await t.app.inject({ method: 'GET', url: '/api/alert-links/not-a-real-token-at-all-xxxxx' })).statusCode).toBe(404);
  });

  it('escalates every period until acknowledged, one step per period, in the escalated person’s language', async () => {
    const feed = await addFeed(t.deps.db, node, type);
    const ruleId = await rule(feed, { escalateTo: JSON.stringify([user.userId]), escalateAfterMinutes: 30 });
    const opened = Date.now() - 31 * MIN;
    await storeReadings(t.deps.db, [{ feedId: feed, ts: opened, value: 12 }]);
    const first = await alertTick(t.deps);
    expect(first.escalated).toBe(1);
    expect((await alertTick(t.deps)).escalated).toBe(0);
    const e = await eventOf(ruleId);
    expect(e.escalationSteps).toBe(1);
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail!.subject).toMatch(/^Non ancora confermato/);
    expect((await alertTick(t.deps, Date.now() + 30 * MIN)).escalated).toBe(1);
    await t.deps.db.updateTable('alertEvents').set({ state: 'acknowledged' }).where('id', '=', e.id).execute();
    expect((await alertTick(t.deps, Date.now() + 90 * MIN)).escalated).toBe(0);
    const steps = await t.deps.db.selectFrom('alertEventHistory').select('action').where('eventId', '=', e.id).where('action', '=', 'escalated').execute();
    expect(steps).toHaveLength(2);
  });

  it('no data: a feed silent for longer than the period opens an event, and its next reading ends it', async () => {
    const feed = await addFeed(t.deps.db, node, type);
    const last = Date.now() - 70 * MIN;
    await storeReadings(t.deps.db, [{ feedId: feed, ts: last, value: 5 }]);
    const ruleId = await rule(feed, { condition: 'no_data', high: null, forMinutes: 60 });
    expect((await alertTick(t.deps, last + 59 * MIN)).opened).toBe(0);
    expect((await alertTick(t.deps, last + 61 * MIN)).opened).toBe(1);
    expect((await alertTick(t.deps, last + 62 * MIN)).opened).toBe(0);
    let e = await eventOf(ruleId);
    expect(Number(e.startedAt)).toBe(last + 60 * MIN);
    expect(e.endedAt).toBeNull();
    const back = Date.now() - MIN;
    await storeReadings(t.deps.db, [{ feedId: feed, ts: back, value: 5 }]);
    e = await eventOf(ruleId);
    expect(Number(e.endedAt)).toBe(back);
  });

  it('a rule in a maintenance window opens muted events and mails nobody', async () => {
    const feed = await addFeed(t.deps.db, node, type);
    const ruleId = await rule(feed, { mutedUntil: Date.now() + 60 * MIN });
    await storeReadings(t.deps.db, [{ feedId: feed, ts: Date.now() - MIN, value: 20 }]);
    const e = await eventOf(ruleId);
    expect(e.muted).toBe(1);
    expect(await t.deps.db.selectFrom('alertNotifications').selectAll().where('eventId', '=', e.id).execute()).toEqual([]);
  });

  it('a link acts only while its recipient may still acknowledge there: a viewer, a disabled and a removed member change nothing', async () => {
    const db = t.deps.db;
    const viewer = await memberOf(t.app, db, company, 'viewer');
    const leaving = await memberOf(t.app, db, company, 'user');
    const disabled = await memberOf(t.app, db, company, 'user');
    const feed = await addFeed(db, node, type);
    const ruleId = await rule(feed, { recipients: JSON.stringify([viewer.userId, leaving.userId, disabled.userId]) });
    await storeReadings(db, [{ feedId: feed, ts: Date.now() - 5 * MIN, value: 9.9 }]);
    // (An earlier test's escalation may be due in the same tick.)
    expect((await alertTick(t.deps)).sent).toBeGreaterThanOrEqual(3);
    const tokenOf = async (userId: string) => {
      const { email } = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
      return linkIn((await mailsTo(t.app, email))[0]!.text);
    };
    const [forViewer, forLeaving, forDisabled] = [await tokenOf(viewer.userId), await tokenOf(leaving.userId), await tokenOf(disabled.userId)];
    await db.deleteFrom('memberships').where('userId', '=', leaving.userId).where('companyId', '=', company).execute();
    await db.updateTable('memberships').set({ disabled: 1 }).where('userId', '=', disabled.userId).where('companyId', '=', company).execute();
    for (const token of [forViewer, forLeaving, forDisabled]) {
      const view = await t.app.inject({ method: 'GET', url: `/api/alert-links/${token}` });
      expect(view.statusCode).toBe(403);
      expect(view.body).not.toContain('<form');
      const ack = await t.app.inject({ method: 'POST', url: `/api/alert-links/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(ack.statusCode).toBe(403);
      expect(await eventOf(ruleId)).toMatchObject({ state: 'active', acknowledgedBy: null });
    }
    // Given the right back, the same link (not spent by the refusals) acts.
    await db.updateTable('memberships').set({ disabled: 0 }).where('userId', '=', disabled.userId).where('companyId', '=', company).execute();
    expect((await t.app.inject({ method: 'POST', url: `/api/alert-links/${forDisabled}` })).statusCode).toBe(200);
    expect(await eventOf(ruleId)).toMatchObject({ state: 'acknowledged', acknowledgedBy: disabled.userId });
  });

  it('mails only the recipients who are active members when the mail goes: removed, disabled and invited people get nothing', async () => {
    const db = t.deps.db;
    const removed = await memberOf(t.app, db, company, 'user');
    const disabled = await memberOf(t.app, db, company, 'user');
    const invited = await memberOf(t.app, db, company, 'user');
    const feed = await addFeed(db, node, type);
    const ruleId = await rule(feed, { recipients: JSON.stringify([manager.userId, removed.userId, disabled.userId, invited.userId]) });
    // The rule was written while all four could act; by the time the breach comes three of them cannot.
    await db.deleteFrom('memberships').where('userId', '=', removed.userId).where('companyId', '=', company).execute();
    await db.updateTable('memberships').set({ disabled: 1 }).where('userId', '=', disabled.userId).where('companyId', '=', company).execute();
    await db.updateTable('memberships').set({ invitedAt: Date.now() }).where('userId', '=', invited.userId).where('companyId', '=', company).execute();
    await storeReadings(db, [{ feedId: feed, ts: Date.now() - 5 * MIN, value: 11 }]);
    expect((await alertTick(t.deps)).sent).toBe(1);
    for (const who of [removed, disabled, invited]) {
      const { email } = await db.selectFrom('users').select('email').where('id', '=', who.userId).executeTakeFirstOrThrow();
      expect(await mailsTo(t.app, email)).toEqual([]);
    }
    const e = await eventOf(ruleId);
    const skipped = await db.selectFrom('alertNotifications').select(['userId', 'sentAt', 'error']).where('eventId', '=', e.id).where('error', 'is not', null).execute();
    expect(skipped.map((n) => n.userId).sort()).toEqual([removed.userId, disabled.userId, invited.userId].sort());
    expect(skipped.every((n) => n.sentAt !== null)).toBe(true);
  });
});
