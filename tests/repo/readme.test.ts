import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_COMMANDS } from '../../src/machines/commands';

// The README is the first thing a reader trusts: it called alerts, reports, exports and shared dashboards "not yet
// built" long after they were routed, and its layout left out server/resources.
const root = path.resolve(__dirname, '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const routesSource = fs.readFileSync(path.join(root, 'src/views/routes.tsx'), 'utf8');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (s: string) => s.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[-\s]+/).filter(Boolean);

interface ClientRoute {
  path: string;
  /** What a reader calls the page: the words of the view it renders ("shared-dashboard-view" → shared dashboard). */
  name: string[];
}

/** The client router's routes as routes.tsx declares them: its literal `<Route path>`s and the available screens. */
function clientRoutes(source: string): ClientRoute[] {
  const viewOf = new Map([...source.matchAll(/const (\w+) = page\(\(\) => import\('[^']*\/([\w-]+?)(?:-view)?'\)/g)].map((m) => [m[1]!, words(m[2]!)]));
  const nameOf = (component: string) => viewOf.get(component) ?? words(component.replace(/View$/, ''));
  const block = /const SIGNED_IN[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const screens = new Map([...block.matchAll(/'?([\w-]+)'?: (\w+),/g)].map((m) => [m[1]!, m[2]!]));
  const literal = [...source.matchAll(/<Route path="([^"]+)"><Bare><(\w+) \/>/g)].map((m) => ({ path: m[1]!, name: nameOf(m[2]!) }));
  const screenRoutes = NAV_COMMANDS.filter((c) => c.available).map((c) => ({ path: c.path, name: nameOf(screens.get(c.id) ?? c.id) }));
  return [...literal, ...screenRoutes];
}

/** A route named in prose: its path (any spelling of its parameters: `:id`, `{id}`, a value) or its name, singular or plural. */
const mentionOf = (route: ClientRoute) => {
  const pathPattern = route.path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '(?:\\{\\w+\\}|:\\w+|[^\\s/`]+)' : escape(seg)))
    .join('/');
  const alternatives = [`\\b${route.name.map(escape).join('[\\s-]+')}s?\\b`];
  // "/" alone is every path's first character, not a mention; nor is `server/reports` or `/api/alerts` a page's path.
  if (route.path.length > 1) alternatives.push(`(?<![\\w.-])${pathPattern}(?![\\w/-])`);
  return new RegExp(alternatives.join('|'), 'gi');
};

/** The routes a sentence names; a longer name takes its words first, so "shared dashboards" is not also the dashboard. */
function routesNamedIn(sentence: string, routes: ClientRoute[]): ClientRoute[] {
  let rest = sentence;
  return [...routes]
    .sort((a, b) => b.name.length - a.name.length || b.path.length - a.path.length)
    .filter((r) => {
      const before = rest;
      rest = rest.replace(mentionOf(r), ' ');
      return rest !== before;
    });
}

/** How prose says a thing does not exist yet. */
const MISSING = /\b(?:not (?:yet )?(?:built|routed|available|implemented|supported|done|wired)|(?:still |yet )?to be (?:built|routed|implemented|done|added|written)|(?:built|routed|implemented) later|not \w+ yet|missing|coming (?:later|soon|next)|(?:is|are) planned|to come|todo|unimplemented|(?:land|lands|arrive|arrives) (?:later|next|in that order))\b/i;

/** Sentences and list items: "near" a route is in the same one. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z`(*])|\n\s*\n|\n(?=\s*(?:[-*|#]|\d+\.)\s)/).map((s) => s.replace(/\s+/g, ' ').trim());

describe('README.md', () => {
  it('reads the client routes from routes.tsx (a change of its shape must not silently check nothing)', () => {
    const routes = clientRoutes(routesSource);
    const paths = routes.map((r) => r.path);
    expect(paths).toContain('/site-dashboard-export/site/:id');
    expect(paths).toContain('/Identity/Account/Login');
    expect(routes.length).toBeGreaterThanOrEqual(NAV_COMMANDS.filter((c) => c.available).length + 8);
    expect(routes.find((r) => r.path === '/site-dashboard-export/site/:id')?.name).toEqual(['shared', 'dashboard']);
    expect(routes.find((r) => r.path === '/alert-events')?.name).toEqual(['alert', 'events']);
    const named = (s: string) => routesNamedIn(s, routes).map((r) => r.path);
    expect(named('`/site-dashboard-export/site/{id}` is not routed until shared dashboards exist.')).toEqual(['/site-dashboard-export/site/:id']);
    expect(named('Not built yet: Alert Events and the reports.')).toEqual(['/alert-events', '/reports']);
    expect(named('Share makes a link to /site-dashboard-export/site/42?token=abc.')).toEqual(['/site-dashboard-export/site/:id']);
    expect(named('The wall page and the template demos.')).toEqual([]);
    expect(MISSING.test('Not built yet: Alert Events.')).toBe(true);
    expect(MISSING.test('Reports keeps the medication fridge compliance log.')).toBe(false);
  });

  it('names no routed page as missing', () => {
    const claims = sentences(readme).flatMap((s) => {
      const missing = MISSING.exec(s);
      if (!missing) return [];
      return routesNamedIn(s, clientRoutes(routesSource)).map((r) => `${r.path} is routed, yet the README says "${missing[0]}": ${s}`);
    });
    expect(claims).toEqual([]);
  });

  it('names every top-level folder of server/ and src/ in its layout section', () => {
    const layout = /^## Layout\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1];
    expect(layout, 'README.md has a "## Layout" section').toBeTruthy();
    const folders = ['server', 'src'].flatMap((top) =>
      fs.readdirSync(path.join(root, top), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${top}/${e.name}`),
    );
    expect(folders.length).toBeGreaterThan(10);
    const unnamed = folders.filter((f) => !new RegExp(`\`${escape(f)}/?\``).test(layout!));
    expect(unnamed).toEqual([]);
  });
});
