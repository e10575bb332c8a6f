import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, demoIds, roleTokens, type TestApp } from './helpers';
import { addHub, addNode, addSite } from './readings-fixtures';

/**
 * Where a link leads: a site or report of the caller's other company is located, so the page can
 * offer the switch; one of a company the caller is not a member of is 404 like an unknown id.
 */
describe('locate: which of my companies has this', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let tok: Awaited<ReturnType<typeof roleTokens>>;

  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    tok = await roleTokens(t.app, ids);
  });
  afterAll(() => t.close());

  const siteOf = (companyId: string) => addSite(t.deps.db, companyId);
  const reportOf = async (companyId: string) => {
    const siteId = await siteOf(companyId);
    const nodeId = await addNode(t.deps.db, await addHub(t.deps.db, siteId));
    const reportId = `report-${companyId}`;
    await t.deps.db
      .insertInto('medicationFridgeReports')
      .values({
        id: reportId, companyId, siteId, nodeId, period: '2020-01', status: 'draft', dayEntries: '{}', excursionEntries: '{}', snapshot: null,
        createdBy: ids.manager, createdAt: 0, updatedAt: 0, submittedBy: null, submittedAt: null,
      })
      .execute();
    return reportId;
  };

  it("names the manager's other company for its site and report, whichever company the token acts for", async () => {
    const mackwellSite = await siteOf(ids.mackwell);
    const r = await call(t.app, 'GET', `/api/locate/site/${mackwellSite}`, undefined, tok.manager);
    expect(r).toMatchObject({ status: 200, body: { data: { companyId: ids.mackwell, companyName: expect.any(String) } } });
    const report = await reportOf(ids.northwind);
    expect((await call(t.app, 'GET', `/api/locate/report/${report}`, undefined, tok.managerMackwell)).body.data).toMatchObject({ companyId: ids.northwind });
    expect((await call(t.app, 'GET', `/api/locate/report/${report}`, undefined, tok.user)).body.data).toMatchObject({ companyId: ids.northwind });
  });

  it('is 404 for a company the caller is not a member of, an unknown id, and a company shadow', async () => {
    const harbourSite = await siteOf(ids.harbour);
    for (const url of [`/api/locate/site/${harbourSite}`, '/api/locate/site/no-such-site', '/api/locate/report/no-such-report']) {
      const r = await call(t.app, 'GET', url, undefined, tok.manager);
      expect(r.status, url).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain(ids.harbour);
    }
    expect((await call(t.app, 'GET', `/api/locate/site/${await siteOf(ids.mackwell)}`, undefined, tok.shadowHarbour)).status).toBe(404);
    // A user of one company learns nothing of another, nor does anyone of a report of a company not theirs.
    expect((await call(t.app, 'GET', `/api/locate/site/${await siteOf(ids.mackwell)}`, undefined, tok.user)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/locate/report/${await reportOf(ids.harbour)}`, undefined, tok.manager)).status).toBe(404);
  });
});
