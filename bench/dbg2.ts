import { stage } from './browser-harness';
const s = await stage();
for (const kind of ['tableMount', 'pooledMount']) {
const page = await s.page();
await s.call(page, 'tableRows', 100000);
await s.call(page, kind);
await page.evaluate(`(() => { const sc = document.querySelector('[tabindex="0"]'); window.__js = []; let st = 0;
  document.addEventListener('scroll', () => { st = performance.now(); }, { capture: true });
  sc.addEventListener('scroll', () => { window.__js.push(performance.now() - st); }); })()`);
const frames = await s.call<number[]>(page, 'scrollFrames', 400, 240);
const js = (await page.evaluate('window.__js')) as number[];
const idx = frames.map((f, i) => [f, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 8);
console.log(kind, idx.map(([f, i]) => `#${i} ${f.toFixed(1)} (js ${js[i]?.toFixed(1)})`).join('  '));
console.log(kind, 'js p50', js.sort((a,b)=>a-b)[200]?.toFixed(2), 'js max', js[js.length-1]?.toFixed(1));
}
await s.close();
