import { expect, type Page, type Route } from '@playwright/test';
import { createActor, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { searchResponse } from '../../../src/api/contract/search';
import { sitesResponse } from '../../../src/api/contract/monitoring';
import { addLocale, t } from '../../../src/i18n';
import { en } from '../../../src/i18n/en';
import type { Intent } from '../../../src/machines/commands';
import { pageTitle, SEARCH_DEBOUNCE_MS, type PaletteContext, type PaletteScope } from '../../../src/machines/command-palette.machine';
import type { BrowserState, BrowserStep } from '../../model/browser-model';
import { signInAs } from '../helpers';
import { MANAGER, paletteMachine, refusal, WORD, type PaletteAction } from './palette-actions';

// The app starts with the start-up part of English and loads the rest with the signed-in pages; the driver names the
// palette's words, so it holds all of English from the start (as tests/setup.ts does for the unit tests).
addLocale('en', en);

// Runs one model path in a browser against the real server. The page's clock is paused once signed in: a ranking
// waits for the next frame and a search for its pause until the path moves the clock. The sites list, the search and
// the dialog's code are held at the network until the path answers them. Beside the browser the driver runs the
// machine on the path's events with what really happened (the app's scope, the server's sites and results, the keys
// pressed), and checks the page against that machine: the path's state value must be its value too, so a path that
// only holds for the model's stand-in data fails here.

type Held = 'sites' | 'search' | 'code';
const PATTERNS: Record<Held, RegExp> = {
  sites: /\/api\/sites(\?|$)/,
  search: /\/api\/search(\?|$)/,
  // The palette's dialog is a chunk of its own, loaded on the page's first Ctrl+K.
  code: /\/assets\/palette-dialog-[\w-]+\.js$/,
};
/** One frame of the page's clock: a requestAnimationFrame callback is due within it. */
const FRAME_MS = 16;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The live machine sends no timers of its own: the path's events say when its pause is over. */
const noClock = { setTimeout: () => 0, clearTimeout: () => {} } as never;

export class PaletteDriver {
  private readonly held = new Map<Held, Promise<Route>>();
  private readonly live: Actor<typeof paletteMachine>;
  private intents: Intent[] = [];
  private scope: PaletteScope | null = null;
  private sites: unknown = [];
  private results: unknown = [];
  /** What shows that the page has caught up with the step, once the clock runs (checked after the replay). */
  private settleOn: (() => Promise<unknown>) | null = null;
  /** The page's clock since the search's pause began (the last keystroke). */
  private sinceTyped = 0;

  constructor(private readonly page: Page) {
    this.live = createActor(paletteMachine, { clock: noClock });
    this.live.on('palette.run', ({ intent }) => void this.intents.push(intent));
    this.live.start();
  }

  async run(steps: readonly BrowserStep<PaletteAction>[]) {
    for (const step of steps) {
      this.intents = [];
      await this.act(step.action, step.state);
      for (const event of step.action.events) this.live.send(this.real(event) as never);
      if (this.settleOn) await this.settle(this.settleOn);
      this.settleOn = null;
      await this.dropStale(step.state);
      await this.expectPage(step.state, step.action);
    }
    for (const name of [...this.held.keys()]) await this.release(name, 'continue').catch(() => undefined);
  }

  /** The path's event with what really happened in its place. */
  private real(event: EventObject): EventObject {
    if (event.type === 'palette.scope') return { ...event, scope: 'scope' in event && event.scope === null ? null : this.scope } as EventObject;
    if (event.type === 'xstate.done.actor.loadSites') return { ...event, output: this.sites } as EventObject;
    if (event.type === 'xstate.done.actor.search') return { ...event, output: this.results } as EventObject;
    return event;
  }

  private dialog() {
    return this.page.getByRole('dialog', { name: t('palette.title') });
  }

  private field() {
    return this.dialog().getByRole('combobox', { name: t('palette.input') });
  }

  private options() {
    // Named in the reader's language (the model found cmdk's "Suggestions" over the view's name).
    return this.dialog().getByRole('listbox', { name: t('palette.results') }).getByRole('option');
  }

  /** Holds the next request of `name` at the network; later ones pass. */
  private async hold(name: Held) {
    let resolve!: (r: Route) => void;
    const route = new Promise<Route>((r) => (resolve = r));
    let taken = false;
    await this.page.route(PATTERNS[name], async (r) => {
      if (taken) return r.continue();
      taken = true;
      resolve(r);
    });
    this.held.set(name, route);
  }

  private async waitHeld(name: Held) {
    await this.held.get(name);
  }

  /** Answers the held request: the server's answer (returned, read on the way), the model's refusal, or just on. */
  private async release(name: Held, how: 'answer' | 'refuse' | 'continue'): Promise<unknown> {
    const route = await this.held.get(name)!;
    this.held.delete(name);
    // Unrouting first would hand the held request on by itself.
    try {
      if (how === 'continue') return await route.continue();
      if (how === 'refuse') return await route.fulfill({ status: refusal.status, json: { code: refusal.code, message: refusal.message } });
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown };
      await route.fulfill({ response });
      return body.data;
    } finally {
      await this.page.unroute(PATTERNS[name]);
    }
  }

  /** A held request whose actor the machine has stopped (the palette closed, the page changed) goes on: nobody reads its answer. */
  private async dropStale(state: BrowserState) {
    const m = state.machine;
    const loading = { sites: m.matches({ open: { sites: 'loading' } } as never), search: m.matches({ open: { remote: 'loading' } } as never) };
    for (const name of ['sites', 'search'] as const) {
      // A search the page aborted can no longer be continued; nothing waits on it.
      if (this.held.has(name) && !loading[name]) await this.release(name, 'continue').catch(() => undefined);
    }
  }

  /** Lets the page's clock run until `check` passes: for what the app (not the palette) does on its clock. */
  private async settle(check: () => Promise<unknown>) {
    for (let i = 0; ; i++) {
      await this.page.clock.runFor(100);
      try {
        return await check();
      } catch (e) {
        if (i >= 30) throw e;
      }
    }
  }

  /** The scope the app gives the palette, read from the page: the company picker, the language and the theme. */
  private async readScope(): Promise<PaletteScope> {
    const select = this.page.getByLabel('Company', { exact: true });
    await expect(select.getByRole('option')).toHaveCount(2);
    const companies = await select.getByRole('option').evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => ({ id: o.value, name: o.text })));
    const html = this.page.locator('html');
    const [lang, mode, sidebar, topbar, background] = await Promise.all(
      ['lang', 'data-mode', 'data-sidebar-theme', 'data-topbar-theme', 'data-background-theme'].map((name) => html.getAttribute(name)),
    );
    return {
      role: 'manager',
      isShadow: false,
      canShadow: false,
      companyId: await select.inputValue(),
      companyCount: companies.length,
      companies,
      locale: lang as PaletteScope['locale'],
      mode: mode === 'dark' ? 'dark' : 'light',
      theme: { sidebar: sidebar ?? 'default', topbar: topbar ?? 'default', background: background ?? 'default' },
    };
  }

  private async act(action: PaletteAction, after: BrowserState) {
    const page = this.page;
    const loadsSites = after.machine.matches({ open: { sites: 'loading' } } as never);
    switch (action.type) {
      case 'sign.in':
        // A MessageChannel that can be refused on demand, as in a browser without one: the app's ranking in slices
        // needs a new one per ranking (React's scheduler made its own at load, before any refusal).
        await page.addInitScript(() => {
          const Real = window.MessageChannel;
          const Refusable = function MessageChannel() {
            if ((window as unknown as { refuseChannels?: boolean }).refuseChannels) throw new DOMException('MessageChannel is not available', 'NotSupportedError');
            return new Real();
          } as unknown as typeof MessageChannel;
          Refusable.prototype = Real.prototype;
          window.MessageChannel = Refusable;
        });
        await signInAs(page, MANAGER);
        this.scope = await this.readScope();
        // From here on the clock moves only when the path says so.
        await page.clock.pauseAt(Date.now() + 1000);
        return;
      case 'key.open':
      case 'button.open': {
        if (after.page === 'codeHeld') await this.hold('code');
        if (loadsSites) await this.hold('sites');
        if (action.type === 'key.open') await page.keyboard.press('Control+K');
        else await page.getByRole('button', { name: `${t('palette.open')} (Ctrl K)` }).click();
        this.sinceTyped = 0;
        if (after.page === 'codeHeld') await this.waitHeld('code');
        if (loadsSites) await this.waitHeld('sites');
        return;
      }
      case 'code.arrives': {
        const loaded = page.waitForResponse(PATTERNS.code);
        await this.release('code', 'continue');
        await (await loaded).finished();
        // React reveals content that replaced its fallback after a pause (300 ms) on the page's clock.
        await page.clock.runFor(300);
        await this.settle(() => expect(this.dialog()).toBeVisible({ timeout: 100 }));
        return;
      }
      case 'type.early':
      case 'type':
        await page.keyboard.type(WORD);
        this.sinceTyped = 0;
        return;
      case 'type.unsliced':
        await page.evaluate(() => ((window as unknown as { refuseChannels?: boolean }).refuseChannels = true));
        await page.keyboard.type(WORD);
        await page.evaluate(() => ((window as unknown as { refuseChannels?: boolean }).refuseChannels = false));
        this.sinceTyped = 0;
        return;
      case 'frame':
        // The search's pause runs on the same clock: frames must not add up to it unnoticed.
        expect(this.sinceTyped + FRAME_MS, 'frames stay within the search pause').toBeLessThan(SEARCH_DEBOUNCE_MS);
        this.sinceTyped += FRAME_MS;
        await page.clock.runFor(FRAME_MS);
        return;
      case 'wait':
        await this.hold('search');
        await page.clock.runFor(SEARCH_DEBOUNCE_MS - this.sinceTyped);
        return this.waitHeld('search');
      case 'down':
        return page.keyboard.press('ArrowDown');
      case 'hover':
        await this.options().nth(2).hover();
        // Away from the rows: a row that moves under a resting pointer would be hovered again.
        await page.mouse.move(0, 0);
        return;
      case 'enter':
        return page.keyboard.press('Enter');
      case 'backspace':
        return page.keyboard.press('Backspace');
      case 'escape':
        return page.keyboard.press('Escape');
      case 'key.close':
        return page.keyboard.press('Control+K');
      case 'chord':
        for (const key of action.keys!.split(' ')) await page.keyboard.press(key);
        return;
      case 'logout':
        await page.getByRole('button', { name: t('topbar.logout') }).click();
        return;
      case 'sites.answer':
        this.sites = sitesResponse.parse(await this.release('sites', 'answer'));
        // The answer's ranking waits for a frame, and there is no telling when the answer has arrived but by its rows.
        this.settleOn = () => expect(this.dialog().getByRole('status')).toHaveText(this.status(this.live.getSnapshot()), { timeout: 100 });
        return;
      case 'search.answer':
        this.results = searchResponse.parse(await this.release('search', 'answer')).results;
        return;
      case 'sites.refused':
        await this.release('sites', 'refuse');
        return;
      case 'search.refused':
        await this.release('search', 'refuse');
        return;
    }
  }

  /** The status line under the results, as the live machine's state says it. */
  private status(s: AnyMachineSnapshot): string {
    const c = s.context as PaletteContext;
    if (s.matches({ open: { remote: 'failed' } } as never)) return t('palette.error', { message: c.remoteError ? t(c.remoteError.key, c.remoteError.params) : '' });
    if (s.matches({ open: { remote: 'loading' } } as never) || s.matches({ open: { remote: 'debouncing' } } as never)) return t('palette.loading');
    if (c.results.length === 0) return t('palette.empty', { query: c.rankedQuery || c.query });
    return c.total > c.results.length ? t('palette.more', { shown: c.results.length, total: c.total }) : t('palette.count', { count: c.results.length });
  }

  /** What the page shows in a state of the model, in the detail the live machine knows. */
  private async expectPage(state: BrowserState, action: PaletteAction) {
    const page = this.page;
    const m = state.machine;
    const s = this.live.getSnapshot();
    const c = s.context;
    const where = `after ${action.type}, in ${JSON.stringify(m.value)} on ${state.page}`;
    expect(s.value, `${where}: the machine on the real data is where the model is`).toEqual(m.value);
    const open = m.matches('open' as never);
    if (open) {
      // A closed palette's rows are forgotten by the model's key (the next open starts afresh), so only an open one's compare.
      const model = m.context as PaletteContext;
      expect(c.results[c.selected]?.key, `${where}: the highlighted row is the model's`).toBe(model.results[model.selected]?.key);
    }
    // The model chooses only rows and chords that open a page of the app, the one it then expects to be on.
    for (const intent of this.intents) expect(intent, where).toEqual({ type: 'navigate', path: state.memo });

    if (state.page === 'signedOut') {
      await this.settle(() => expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 100 }));
      await expect(this.dialog(), where).toHaveCount(0);
      return;
    }
    const path = () => new URL(page.url()).pathname;
    if (!open) {
      // A closed palette waits on no clock: the app may run it to show the page it went to.
      await this.settle(() => expect.poll(path, { timeout: 100 }).toBe(state.memo));
      if (this.intents.length) await this.settle(() => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 100 }));
    } else {
      // Keys typed into the palette, before its code or after, never reach the page's shortcuts ("language" holds "g u").
      await expect.poll(path, where).toBe(state.memo);
    }
    if (!open || state.page === 'codeHeld') {
      await expect(this.dialog(), where).toHaveCount(0);
      return;
    }

    const dialog = this.dialog();
    await expect(dialog, where).toBeVisible();
    const field = this.field();
    const scope = t('palette.scope', { scope: c.pages.map(pageTitle).join(' › ') }) + (c.pages.length > 1 ? ` — ${t('palette.back')}` : '');
    const rows = c.results.slice(0, 3).map(rowText);
    const highlighted = c.results[c.selected];
    // Read together and compared at once: one round of questions to the page when it is right, retried until it is.
    const shown = async () => {
      const [focused, query, text, status, selected, first] = await Promise.all([
        field.evaluate((el) => el === document.activeElement),
        field.inputValue(),
        dialog.textContent(),
        dialog.getByRole('status').textContent(),
        dialog.getByRole('option', { selected: true }).allTextContents(),
        this.options().allTextContents(),
      ]);
      const begins = (texts: string[], labels: string[]) => texts.map((x, i) => (labels[i] !== undefined && x.startsWith(labels[i]!) ? labels[i] : x));
      return {
        focused,
        query,
        pages: new RegExp(`${escape(scope)}(?! ›| —)`).test(text ?? '') ? scope : text,
        status,
        highlighted: begins(selected, highlighted ? [rowText(highlighted)] : []),
        rows: begins(first.slice(0, rows.length), rows),
      };
    };
    await expect
      .poll(shown, { message: where })
      .toEqual({ focused: true, query: c.query, pages: scope, status: this.status(s), highlighted: highlighted ? [rowText(highlighted)] : [], rows });
  }
}

/** A row's text begins with its label, marked when current. */
function rowText(item: PaletteContext['results'][number]): string {
  return item.label + (item.current ? ` ${t('palette.current')}` : '');
}
