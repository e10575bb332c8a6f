import type { Page } from '@playwright/test';
import { median, stage } from './browser-harness';
import type { Collected, EventEntry, PaletteKind as Kind } from './browser/palette-cases';

/**
 * B2: the command palette over 10,000 and 50,000 sites (plus the manager's commands), fed through the product path
 * (the machine's `loadSites`; the server search answers nothing). Eight characters typed 300 ms apart and as a 50 ms
 * burst, as trusted keys from CDP; per keystroke the longest Event Timing entry (keydown, keypress, beforeinput,
 * input, keyup, from the event's time stamp to the next paint, so queueing behind an earlier key counts), and the
 * worst keystroke of the query. Against a floor on fresh pages in the same run: a plain input with the same matcher
 * and virtual list. At 10k also against cmdk with its default filtering. Open is timed with the sites already
 * loaded (the second Ctrl+K of a session): from the open event to the second frame with the field focused and rows
 * painted.
 */

const QUERY = 'elm care';
const PAIRS = Number(process.env.BENCH_PALETTE_PAIRS) || 7;
const SPACED_MS = 300;
const BURST_MS = 50;
/** Event Timing reports nothing shorter: a keystroke without entries took less. */
const THRESHOLD_MS = 16;
const GOAL_KEY_MS = 50;
const GOAL_FLOOR_RATIO = 1.25;
const GOAL_OPEN_MS = 150;
const GOAL_CMDK_RATIO = 10;

type Pattern = 'spaced' | 'burst';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function keyOf(c: string) {
  if (c === ' ') return { key: ' ', code: 'Space', windowsVirtualKeyCode: 32 };
  if (!/^[a-z]$/.test(c)) throw new Error(`bench palette: no key for "${c}"`);
  return { key: c, code: `Key${c.toUpperCase()}`, windowsVirtualKeyCode: c.toUpperCase().charCodeAt(0) };
}

/**
 * Types `text` with `gap` ms between keydowns. Commands are sent on time without waiting for the previous key's
 * acknowledgement (Playwright's keyboard waits for it), so a busy main thread makes later keys queue as a user's
 * would, and their Event Timing duration includes the wait. Returns the ms from the first keydown to the last.
 */
async function typeKeys(page: Page, text: string, gap: number): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  // A typist holds a key about 60 ms; in a burst each key is up before the next goes down.
  const hold = Math.min(60, gap / 2);
  const plan = [...text]
    .flatMap((c, k) => [
      { at: k * gap, down: true, c },
      { at: k * gap + hold, down: false, c },
    ])
    .sort((a, b) => a.at - b.at);
  const sent: Promise<unknown>[] = [];
  const t0 = performance.now();
  let lastDown = 0;
  for (const step of plan) {
    const wait = t0 + step.at - performance.now();
    if (wait >= 1) await sleep(wait);
    const key = keyOf(step.c);
    if (step.down) lastDown = performance.now() - t0;
    sent.push(
      cdp.send(
        'Input.dispatchKeyEvent',
        step.down
          ? { type: 'keyDown', ...key, text: step.c, unmodifiedText: step.c, modifiers: 0, location: 0, isKeypad: false, autoRepeat: false }
          : { type: 'keyUp', ...key, modifiers: 0, location: 0, isKeypad: false },
      ),
    );
  }
  await Promise.all(sent);
  await cdp.detach();
  return lastDown;
}

/**
 * Each keystroke's longest entry and handler time, by interaction: keydown, keypress and keyup share an id. Its
 * beforeinput and input (id 0) are dispatched inside the keypress, so the keypress's handler time includes theirs and
 * its duration outlasts theirs. Keystrokes whose every entry stayed under the threshold are absent.
 */
function perKeystroke(entries: EventEntry[]): { max: number; busy: number }[] {
  const by = new Map<number, EventEntry[]>();
  for (const e of [...entries].sort((a, b) => a.startTime - b.startTime)) if (e.interactionId) by.set(e.interactionId, [...(by.get(e.interactionId) ?? []), e]);
  return [...by.values()].map((mine) => ({
    max: Math.max(...mine.map((e) => e.duration)),
    busy: mine.reduce((sum, e) => sum + e.processingEnd - e.processingStart, 0),
  }));
}

/** One measurement on a fresh page: open, then the query typed in `pattern`. */
async function once(kind: Kind, n: number, pattern: Pattern, attempt = 1): Promise<{ open: number; worst: number }> {
  const s = await stage();
  const page = await s.page();
  const items = await s.call<number>(page, 'paletteSetup', kind, n);
  const open = await s.call<number>(page, 'paletteOpen');
  if (!(await s.call<boolean>(page, 'paletteArm'))) throw new Error(`bench palette: the ${kind} field is not focused after the open`);
  const span = await typeKeys(page, QUERY, pattern === 'spaced' ? SPACED_MS : BURST_MS / (QUERY.length - 1));
  // Node's timers can slip (a GC, a busy loop): a burst sent over twice its span is not the burst asked for.
  if (pattern === 'burst' && span > 1.5 * BURST_MS && attempt < 3) {
    if (process.env.BENCH_VERBOSE) console.error(`palette ${n / 1000}k ${kind} burst: keys sent over ${span.toFixed(0)} ms, again`);
    return once(kind, n, pattern, attempt + 1);
  }
  const r = await s.call<Collected>(page, 'paletteCollect', QUERY);
  if (r.keydowns !== QUERY.length) throw new Error(`bench palette: ${r.keydowns} keydowns seen for ${QUERY.length} keys (${kind})`);
  const keys = perKeystroke(r.entries);
  // The longest of all entries: the worst keystroke, whichever it was.
  const worst = Math.max(0, ...r.entries.map((e) => e.duration));
  if (process.env.BENCH_VERBOSE)
    console.error(
      `palette ${n / 1000}k ${kind} ${pattern}: open ${open.toFixed(1)} ms, keystrokes ≥ ${THRESHOLD_MS} ms [${keys.map((k) => k.max).join(' ')}] ms (handlers [${keys.map((k) => k.busy.toFixed(0)).join(' ')}] ms), keys sent over ${span.toFixed(0)} ms, ${items} items, ${r.rows} rows shown`,
    );
  return { open, worst };
}

const ms = (x: number) => (x < THRESHOLD_MS ? `< ${THRESHOLD_MS}` : x.toFixed(0));
const missed = (ok: boolean) => (ok ? '' : '  ← goal missed');

async function measure(n: number, withCmdk: boolean) {
  const samples = new Map<string, number[]>();
  const add = (key: string, x: number) => samples.set(key, [...(samples.get(key) ?? []), x]);
  for (let i = 0; i < PAIRS; i++) {
    // Alternate the order so that neither always meets a warmer machine; cmdk (slow, 10k only) at either end.
    const kinds: Kind[] = withCmdk ? ['product', 'floor', 'cmdk'] : ['product', 'floor'];
    if (i % 2) kinds.reverse();
    for (const kind of kinds) {
      // One page per typing pattern: the second query must not meet the first one's garbage and JIT state.
      const patterns: Pattern[] = kind === 'cmdk' ? ['spaced'] : i % 2 ? ['burst', 'spaced'] : ['spaced', 'burst'];
      for (const pattern of patterns) {
        const r = await once(kind, n, pattern);
        add(`${kind}-${pattern}`, r.worst);
        add(`${kind}-open`, r.open);
      }
    }
  }
  return (key: `${Kind}-${Pattern | 'open'}`) => median(samples.get(key) ?? [NaN]);
}

export async function palette(): Promise<{ line: string; ok: boolean }> {
  const lines: string[] = [];
  let ok = true;
  try {
    for (const n of [10_000, 50_000]) {
      const r = await measure(n, n === 10_000);
      const name = `palette-${n / 1000}k`;
      for (const [pattern, label] of [
        ['spaced', `typed ${SPACED_MS} ms apart`],
        ['burst', `typed as a ${BURST_MS} ms burst`],
      ] as const) {
        const x = { product: r(`product-${pattern}`), floor: r(`floor-${pattern}`) };
        // Below the threshold the browser reports nothing; the ratio compares what it can see.
        const ratio = Math.max(x.product, THRESHOLD_MS) / Math.max(x.floor, THRESHOLD_MS);
        const pass = x.product <= GOAL_KEY_MS && ratio <= GOAL_FLOOR_RATIO;
        ok &&= pass;
        lines.push(
          `bench ${name}-keystroke-${pattern}: ${ms(x.product)} ms max event duration per query "${QUERY}" ${label} (baseline floor ${ms(x.floor)} ms, ratio ${ratio.toFixed(2)}, goal ≤ ${GOAL_KEY_MS} ms and ≤ ${GOAL_FLOOR_RATIO}× floor)${missed(pass)}`,
        );
      }
      const open = { product: r('product-open'), floor: r('floor-open') };
      const openOk = open.product <= GOAL_OPEN_MS;
      ok &&= openOk;
      lines.push(
        `bench ${name}-open: ${open.product.toFixed(1)} ms from the open to the 2nd frame with the field focused and rows painted, sites loaded (baseline floor ${open.floor.toFixed(1)} ms, ratio ${(open.product / open.floor).toFixed(2)}, goal ≤ ${GOAL_OPEN_MS} ms)${missed(openOk)}`,
      );
      if (n === 10_000) {
        const x = { product: r('product-spaced'), cmdk: r('cmdk-spaced') };
        const faster = x.cmdk / Math.max(x.product, THRESHOLD_MS);
        const pass = faster >= GOAL_CMDK_RATIO;
        ok &&= pass;
        lines.push(
          `bench ${name}-vs-cmdk: ${ms(x.product)} ms max event duration typed ${SPACED_MS} ms apart (baseline default cmdk ${ms(x.cmdk)} ms, ratio ${faster.toFixed(1)}× faster, goal ≥ ${GOAL_CMDK_RATIO}× faster; open ${open.product.toFixed(0)} ms against cmdk's ${r('cmdk-open').toFixed(0)} ms)${missed(pass)}`,
        );
      }
    }
  } finally {
    await (await stage()).close();
  }
  return { ok, line: lines.join('\n') };
}
