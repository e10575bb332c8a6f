import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, buildTestApp, call, demoIds, signIn, signInAdmin, type TestApp } from './helpers';

describe('white-label settings', () => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: { accessToken: string };
  beforeAll(async () => {
    t = await buildTestApp();
    ids = await demoIds(t.deps);
    admin = await signInAdmin(t.app);
  });
  afterAll(() => t.close());

  const settings = {
    faviconUrl: '/favicon-acme.ico',
    loginLogoUrl: 'https://cdn.acme.example/login.png',
    siteLogoUrl: 'http://assets.acme.example:8443/site.svg?v=2#logo',
    websiteTitle: 'Acme Monitoring',
  };
  const base = '/api/white-label-settings';
  const one = (domain: string) => `${base}/${encodeURIComponent(domain)}`;
  const post = (domain: string, body: Record<string, unknown>, token = admin.accessToken) => call(t.app, 'POST', base, { domain, ...body }, token);
  const put = (domain: string, body: unknown, token = admin.accessToken) => call(t.app, 'PUT', one(domain), body, token);
  const del = (domain: string, token = admin.accessToken) => call(t.app, 'DELETE', one(domain), undefined, token);
  const list = (token = admin.accessToken, query = 'limit=1000') => call(t.app, 'GET', `${base}?${query}`, undefined, token);
  const publicGet = (domain: string) => call(t.app, 'GET', `/api/white-label?Domain=${encodeURIComponent(domain)}`);
  const auditRows = (action: string) => t.deps.db.selectFrom('auditLog').selectAll().where('action', '=', action).orderBy('id').execute();

  it('an admin creates settings for a host name; the public call then answers them', async () => {
    const r = await post('Dashboard.Acme.Example', settings);
    expect(r.status).toBe(201);
    expect(r.body.data).toEqual({ id: 'dashboard.acme.example', domain: 'dashboard.acme.example', ...settings, updatedAt: expect.any(String) });
    expect(new Date(r.body.data.updatedAt).toISOString()).toBe(r.body.data.updatedAt);
    expect((await call(t.app, 'GET', one('DASHBOARD.acme.example'), undefined, admin.accessToken)).body.data).toEqual(r.body.data);
    expect((await publicGet('dashboard.acme.example')).body).toEqual({ data: settings });
    expect((await publicGet('DASHBOARD.ACME.EXAMPLE')).body).toEqual({ data: settings });
  });

  it('a second row for a host name is a 409 naming domain; PUT changes only the fields given', async () => {
    await post('b.example', settings);
    const twice = await post('B.example', settings);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'duplicate', details: [{ path: 'domain' }] });
    await post('a.example:8080', { ...settings, websiteTitle: 'A' });
    const again = await put('b.example', { faviconUrl: '', websiteTitle: 'B2' });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ domain: 'b.example', faviconUrl: '', loginLogoUrl: settings.loginLogoUrl, websiteTitle: 'B2' });
    const rows = (await list()).body.data as { domain: string; websiteTitle: string }[];
    const domains = rows.map((r) => r.domain);
    expect(domains).toEqual([...domains].sort());
    expect(rows.filter((r) => r.domain === 'b.example')).toEqual([expect.objectContaining({ websiteTitle: 'B2' })]);
    expect((await publicGet('a.example:8080')).body.data.websiteTitle).toBe('A');
    expect((await put('nowhere.example', settings)).status).toBe(404);
  });

  it('a new domain moves the settings to that host name, unless it has settings already', async () => {
    await post('typo.exmaple', { ...settings, websiteTitle: 'Moved' });
    await post('taken.example', settings);
    const taken = await put('typo.exmaple', { domain: 'taken.example' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'duplicate', details: [{ path: 'domain' }] });
    const moved = await put('typo.exmaple', { domain: 'Typo.Example' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: 'typo.example', domain: 'typo.example', websiteTitle: 'Moved' });
    expect((await publicGet('typo.example')).body.data.websiteTitle).toBe('Moved');
    expect((await publicGet('typo.exmaple')).body.data.websiteTitle).toBe('');
    expect((await call(t.app, 'GET', one('typo.exmaple'), undefined, admin.accessToken)).status).toBe(404);
  });

  it('lists with the list query: a filter on host name and title, paging and total', async () => {
    for (const d of ['q1.filter.example', 'q2.filter.example', 'q3.filter.example']) await post(d, { ...settings, websiteTitle: `Filter ${d}` });
    const page = (await list(admin.accessToken, 'q=filter.example&limit=2&sort=-domain')).body as { data: { domain: string }[]; total: number };
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r.domain)).toEqual(['q3.filter.example', 'q2.filter.example']);
    expect((await list(admin.accessToken, 'q=Filter%20q1')).body).toMatchObject({ total: 1, data: [{ domain: 'q1.filter.example' }] });
  });

  it('a host asked for with a port falls back to the host\'s own settings; settings for host:port win', async () => {
    await post('ports.example', { ...settings, websiteTitle: 'Any port' });
    expect((await publicGet('ports.example:8080')).body.data.websiteTitle).toBe('Any port');
    await post('ports.example:9090', { ...settings, websiteTitle: 'Port 9090' });
    expect((await publicGet('ports.example:9090')).body.data.websiteTitle).toBe('Port 9090');
    expect((await publicGet('other.example:8080')).body.data.websiteTitle).toBe('');
  });

  it('stores and returns text exactly as given: markup is not interpreted, trimmed or escaped', async () => {
    const title = '<script>alert("x")</script> & Co — 監視 ';
    const r = await post('markup.example', { ...settings, websiteTitle: title, siteLogoUrl: '/logo.png?a=1&b=<2>' });
    expect(r.status).toBe(201);
    expect((await publicGet('markup.example')).body.data).toMatchObject({ websiteTitle: title, siteLogoUrl: '/logo.png?a=1&b=<2>' });
  });

  it('DELETE removes the row; the public call answers empty strings again; a second DELETE is 404', async () => {
    await post('gone.example', settings);
    const r = await del('gone.example');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { deleted: true } });
    expect((await publicGet('gone.example')).body).toEqual({ data: { faviconUrl: '', loginLogoUrl: '', siteLogoUrl: '', websiteTitle: '' } });
    const again = await del('gone.example');
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: expect.any(String), code: 'not_found' });
  });

  it('writes go to the audit log with the admin, under no company', async () => {
    await post('audited.example', settings);
    await put('audited.example', { websiteTitle: 'Changed' });
    await del('audited.example');
    for (const verb of ['create', 'update', 'delete']) {
      expect((await auditRows(`white-label-settings.${verb}`)).at(-1)).toMatchObject({ actorUserId: ids.admin, detail: 'audited.example', companyId: '' });
    }
  });

  it('refuses javascript:, data: and protocol-relative URLs, and other non-URLs', async () => {
    for (const bad of [
      'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:x', '//evil.example/logo.png', '/\\evil.example/logo.png', 'logo.png', 'https://', 'ftp://files.example/logo.png',
      'https://ok.example/a b.png', `https://ok.example/${'a'.repeat(2048)}`,
    ]) {
      for (const field of ['faviconUrl', 'loginLogoUrl', 'siteLogoUrl']) {
        const r = await post('bad.example', { ...settings, [field]: bad });
        expect(r.status, `${field} = ${JSON.stringify(bad)}`).toBe(400);
        expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining(field), details: [expect.objectContaining({ path: field })] });
      }
    }
    expect((await publicGet('bad.example')).body.data.websiteTitle).toBe('');
  });

  it('accepts the longest host name (253 characters) in the body, the path and the public query', async () => {
    const longest = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(61)].join('.');
    expect(longest).toHaveLength(253);
    expect((await post(longest, settings)).status).toBe(201);
    expect((await put(longest, { websiteTitle: 'Long' })).status).toBe(200);
    expect((await publicGet(longest)).body.data).toEqual({ ...settings, websiteTitle: 'Long' });
    expect((await del(longest)).status).toBe(200);
  });

  it('refuses domains that are not host names', async () => {
    for (const bad of ['exa mple.com', 'example.com/path', 'http://example.com', '-bad.example', 'bad-.example', 'a..example', 'ex_ample.com', 'example.com:99999', 'example.com:', `${'a'.repeat(64)}.example`, 'ünïcode.example']) {
      const r = await post(bad, settings);
      expect(r.status, bad).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad_request', message: expect.stringContaining('Domain'), details: [expect.objectContaining({ path: 'domain' })] });
    }
  });

  it('refuses a title over 200 characters and missing or unknown fields', async () => {
    expect((await post('t.example', { ...settings, websiteTitle: 'x'.repeat(201) })).status).toBe(400);
    const { websiteTitle: _t, ...noTitle } = settings;
    expect((await post('t.example', noTitle)).body.message).toContain('websiteTitle');
    expect((await post('t.example', { ...settings, colour: 'red' })).body.message).toContain('colour');
    expect((await call(t.app, 'GET', '/api/white-label?Domain=t.example')).body.data.websiteTitle).toBe('');
  });

  it('is for admins acting as themselves only (403), and needs a session (401)', async () => {
    for (const email of [DEMO.manager, DEMO.user, DEMO.viewer]) {
      const s = await signIn(t.app, email);
      expect((await list(s.accessToken)).status).toBe(403);
      expect((await post('x.example', settings, s.accessToken)).status).toBe(403);
      expect((await put('dashboard.acme.example', settings, s.accessToken)).status).toBe(403);
      expect((await del('dashboard.acme.example', s.accessToken)).status).toBe(403);
    }
    const shadow = (await call(t.app, 'POST', '/api/shadow-company', { companyId: ids.northwind }, admin.accessToken)).body.data;
    expect((await list(shadow.accessToken)).status).toBe(403);
    expect((await post('x.example', settings, shadow.accessToken)).status).toBe(403);
    expect((await call(t.app, 'GET', base)).status).toBe(401);
    expect((await publicGet('x.example')).body.data.websiteTitle).toBe('');
  });
});
