import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiCall, managerAtNorthwind, signInAs, type Auth } from './helpers';
import { en } from '../../src/i18n/en';
import { BUILT_IN_ENGLISH } from '../../src/views/ui/built-in-names';

/**
 * Every language shows the product's own labels in its words, and values (readings, ranges, dates, coordinates) in
 * the order they were written, Arabic included: the English built-in words must not show on a translated page, and
 * no value's characters may be reordered by the bidi algorithm.
 */
const ENGLISH_WORDS = [...BUILT_IN_ENGLISH, en['site.statusOnline'], en['site.statusOffline']];
const LANGS = ['en', 'zh', 'es', 'fr', 'it', 'ar'] as const;

/** Values whose drawn characters run against their written order, as "text → drawn". */
function reordered(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const rtl = /[\u0590-\u08ff]/;
    for (const el of document.querySelectorAll<HTMLElement>('main bdi, main [data-value]')) {
      const text = el.textContent ?? '';
      // Values holding right-to-left words are read right to left on purpose.
      if (!text.trim() || rtl.test(text) || el.getClientRects().length === 0) continue;
      const boxes: { ch: string; x: number; top: number }[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const s = n.textContent ?? '';
        for (let i = 0; i < s.length; i++) {
          if (/[\s\u2066-\u2069\u200e\u200f]/.test(s[i]!)) continue;
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const b = r.getBoundingClientRect();
          if (b.width > 0) boxes.push({ ch: s[i]!, x: b.left, top: b.top });
        }
      }
      for (let i = 1; i < boxes.length; i++) {
        // Only characters on the same line are compared: a wrapped value starts its next line afresh.
        if (Math.abs(boxes[i]!.top - boxes[i - 1]!.top) < 2 && boxes[i]!.x < boxes[i - 1]!.x - 0.5) {
          const drawn = [...boxes].sort((a, b) => (Math.abs(a.top - b.top) < 2 ? a.x - b.x : a.top - b.top)).map((b) => b.ch).join('');
          bad.push(`${text.trim()} → ${drawn}`);
          break;
        }
      }
    }
    return bad;
  });
}

/** A report of one of Elmhurst's fridges (this month's, which has readings, added if no test has yet): its daily log is full of values. */
async function elmhurstReport(request: APIRequestContext, auth: Auth, siteId: string): Promise<string> {
  const list = () => apiCall<{ id: string; period: string }[]>(request, 'get', `/api/site-dashboard/${siteId}/medication-fridge-reports`, auth);
  const existing = (await list()).find((r) => r.period === new Date().toISOString().slice(0, 7));
  if (existing) return existing.id;
  const fridge = (await apiCall<{ id: string; name: string }[]>(request, 'get', `/api/site-dashboard/${siteId}/nodes`, auth)).find((n) => /fridge/i.test(n.name));
  expect(fridge, 'Elmhurst has a fridge').toBeTruthy();
  const period = new Date().toISOString().slice(0, 7);
  // Another test may add the same report at the same moment: whichever wins, the list then holds one.
  await request.post(`/api/site-dashboard/${siteId}/medication-fridge-reports`, { headers: auth, data: { nodeId: fridge!.id, period } });
  const added = (await list()).find((r) => r.period === period);
  expect(added, 'a report of an Elmhurst fridge').toBeTruthy();
  return added!.id;
}

test('built-in labels are translated and values keep their order, in every language', async ({ page, request }) => {
  test.setTimeout(90_000);
  const auth = await managerAtNorthwind(request);
  const sites = await apiCall<{ id: string; name: string }[]>(request, 'get', '/api/sites?limit=100', auth);
  const elmhurst = sites.find((s) => s.name === 'Elmhurst Care Home');
  expect(elmhurst, 'the seed has Elmhurst Care Home').toBeTruthy();
  // Names the company typed stay as typed ("Hot Water Meter"): they are taken out before looking for English words.
  const typed = new Set<string>(sites.map((x) => x.name));
  for (const site of sites) {
    const nodes = await apiCall<{ name: string }[]>(request, 'get', `/api/site-dashboard/${site.id}/nodes`, auth);
    const hubs = await apiCall<{ name: string }[]>(request, 'get', `/api/site-dashboard/${site.id}/hubs`, auth);
    for (const x of [...nodes, ...hubs]) typed.add(x.name);
  }
  const report = await elmhurstReport(request, auth, elmhurst!.id);
  const byLength = [...typed].sort((a, b) => b.length - a.length);
  await signInAs(page, 'manager@sitewatch.test');
  const company = page.getByLabel('Company', { exact: true });
  await company.selectOption({ label: 'Northwind Care Homes' });
  await expect(company.locator('option:checked')).toHaveText('Northwind Care Homes');
  const paths = ['/', `/site-dashboard?site=${elmhurst!.id}`, '/alert-events', '/reports', `/reports?site=${elmhurst!.id}&report=${report}`, '/nodes'];
  const problems: string[] = [];
  for (const lang of LANGS) {
    await page.evaluate((l) => {
      const p = JSON.parse(localStorage.getItem('preferences') ?? '{}') as object;
      localStorage.setItem('preferences', JSON.stringify({ ...p, locale: l }));
    }, lang);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The lists and tiles arrive after the heading; the page keeps a live connection, so the network never idles:
      // settled is when no call is counted (the loading bar) and nothing in the page is loading or busy.
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page.locator('main [data-loading], main [aria-busy="true"]')).toHaveCount(0);
      if (lang !== 'en') {
        let shown = await page.locator('main').innerText();
        for (const name of byLength) shown = shown.split(name).join(' ');
        for (const word of ENGLISH_WORDS) {
          if (new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(shown)) problems.push(`${lang} ${path}: "${word}" untranslated`);
        }
      }
      for (const r of await reordered(page)) problems.push(`${lang} ${path}: reordered ${r}`);
    }
  }
  expect(problems).toEqual([]);
});
