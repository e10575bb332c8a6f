import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { buildTestApp, type TestApp } from './helpers';

// The served document passes Redocly's recommended rules, the ones client generators and API portals
// assume. The linter is the library, with its built-in ruleset: no config file, no network.

/**
 * Fixed routes (docs/product.md, Management) that put a word where sibling routes have an id: `GET /api/site-dashboard/sub-sites/nodes`
 * matches both `/sub-sites/{siteId}` and `/{id}/nodes`. The server takes the literal segment (ids are UUIDs, never
 * these words); OpenAPI cannot say so, and renaming is not ours to do. Any other ambiguous pair still fails.
 */
const LITERAL_BESIDE_ID = ['/api/dashboard/company/{id}', '/api/site-dashboard/sub-sites/{siteId}', '/api/site-dashboard/check-permission/{id}'];

/** Off: the project has no licence yet, and the document should not invent one (docs/decisions.md). */
const NO_LICENCE_YET = { 'info-license': 'off', 'info-license-strict': 'off' } as const;

type Doc = { paths: Record<string, Record<string, { operationId?: string; security?: Record<string, string[]>[] }>> };

const ambiguousPair = (p: NormalizedProblem) => [...p.message.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const excused = (p: NormalizedProblem) => p.ruleId === 'no-ambiguous-paths' && ambiguousPair(p).some((path) => LITERAL_BESIDE_ID.includes(path));

describe('the OpenAPI document under Redocly recommended', () => {
  let t: TestApp;
  let source: string;
  let doc: Doc;
  beforeAll(async () => {
    t = await buildTestApp({}, { seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    source = res.body;
    doc = res.json() as Doc;
  });
  afterAll(() => t.close());

  it('has no errors and no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: NO_LICENCE_YET });
    const problems = await lintFromString({ source, absoluteRef: '/api/openapi.json', config });
    const counted = problems.filter((p) => !excused(p));
    const tally = new Map<string, number>();
    for (const p of counted) tally.set(`${p.severity} ${p.ruleId}`, (tally.get(`${p.severity} ${p.ruleId}`) ?? 0) + 1);
    const byRule = [...tally].map(([rule, n]) => `${rule} ×${n}`);
    console.log(
      `redocly recommended: ${counted.filter((p) => p.severity === 'error').length} errors, ${counted.filter((p) => p.severity === 'warn').length} warnings` +
        ` (${problems.length - counted.length} ambiguous paths excused)${byRule.length ? `: ${byRule.join(', ')}` : ''}`,
    );
    expect(counted.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
    // Every excuse is still needed: a path that stops colliding leaves the list.
    const used = new Set(problems.filter(excused).flatMap(ambiguousPair));
    expect(LITERAL_BESIDE_ID.filter((path) => !used.has(path))).toEqual([]);
  });

  it('declares exactly the public routes of the server as needing no credential', () => {
    // The server's truth is each route's PUBLIC option (server/context.ts); a route the document says needs nothing
    // must be one of those, and every other route must ask for the bearer token.
    const noSession = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => (op.security?.some((s) => 'bearer' in s) ? [] : [`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`])),
    );
    const documentedPublic = t.publicRoutes.filter((r) => !r.endsWith('/api/health') && !r.endsWith('/api/openapi.json') && r.includes(' /api/'));
    expect(noSession.sort()).toEqual(documentedPublic.sort());
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.security).toBeDefined();
  });

  it('names every operation with a unique camelCase operationId', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId ?? ''));
    expect(ids.filter((id) => !/^(get|post|put|delete)[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/site-dashboard/{id}/nodes']!.get!.operationId).toBe('getSiteDashboardNodes');
    expect(doc.paths['/api/users/{id}']!.get!.operationId).toBe('getUsersById');
  });
});
