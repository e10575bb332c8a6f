import path from 'node:path';
import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import type { NodeTag } from '../../../src/api/contract/node-tags';
import { en, type I18nKey } from '../../../src/i18n/en';
import { FILTER_DEBOUNCE_MS } from '../../../src/machines/list-and-form.machine';
import type { Failure } from '../../../src/machines/failure';
import type { FieldMessage } from '../../../src/machines/form';
import type { BrowserState, BrowserStep } from '../../model/browser-model';
import { signInAdmin, signInAs } from '../helpers';
import { COMPANY_ROW, FILLERS, PICKED_COLOUR, SETUP_TAGS, USING_NODE, ctx, memoOf, type ModelCompany, type ModelQuery, type NodeTagsAction } from './node-tags-actions';

// Runs one model path in a browser against the real server, signed in as the demo manager (or the platform admin, for
// the screen without a company). The path's tags are its own (a prefix with the path's number and a random suffix),
// made through the API before the screen opens, so no path depends on another or on their order. Every call of the
// screen is held at the network until the model's next step answers it: continued to the real server, or cut with the
// browser offline (cut online, the session would leave for the maintenance page, which is the session model's to drive).

const MANAGER = 'manager@sitewatch.test';
/** The manager's two companies; the admin chooses the first. */
const COMPANIES = ['Northwind Care Homes', 'Mackwell Lighting Services'] as const;
const NODE_TAGS = /\/api\/node-tags(\/|\?|$)/;

/** A message of the dictionary the machine names (the machine keeps keys; the view translates them). */
function say(key: I18nKey, params: Record<string, string | number> = {}): string {
  return (en[key] as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Which list rows came from: the company's, the path's own tags, its fillers, or none. */
function kindOf(rows: readonly NodeTag[]): 'none' | 'company' | 'own' | 'many' {
  if (!rows.length) return 'none';
  if (rows[0]!.id === COMPANY_ROW.id) return 'company';
  return /^f\d+$/.test(rows[0]!.id) ? 'many' : 'own';
}

export class NodeTagsDriver {
  private readonly reads: Route[] = [];
  private readonly writes: Route[] = [];
  /** The prefix of the path's own tag names, and of its fillers (a word the own filter does not match). */
  private readonly own: string;
  private readonly many: string;
  private using: { id: string; name: string; tagIds: string[] } | null = null;
  private shot = false;
  /** The companies the model calls home (where the path's tags are) and other, by name. */
  private companies: Record<ModelCompany, string> = { home: COMPANIES[0], other: COMPANIES[1], back: COMPANIES[0] };
  /** The token the path's tags were made with: a switch gives the page another company's, which cannot clean them up. */
  private homeToken: string | null = null;

  constructor(private readonly page: Page, private readonly context: BrowserContext, pathNumber: number, private readonly admin = false) {
    const suffix = Math.random().toString(36).slice(2, 7);
    this.own = `P${pathNumber}${suffix}`;
    this.many = `M${pathNumber}${suffix}`;
  }

  async run(steps: readonly BrowserStep<NodeTagsAction>[]) {
    if (this.admin) await signInAdmin(this.page, this.page.request);
    else {
      await signInAs(this.page, MANAGER);
      const home = (await this.companySelect().locator('option:checked').textContent())?.trim() ?? '';
      expect(COMPANIES, 'the manager acts for one of the two companies').toContain(home);
      const other = COMPANIES.find((c) => c !== home)!;
      this.companies = { home, other, back: home };
    }
    try {
      // The admin's screen starts with no company and lists the chosen company's tags as they are: it makes none.
      if (!this.admin) await this.setUp(steps.some((s) => s.action.type === 'filter' && s.action.target === 'many'));
      await this.page.route(NODE_TAGS, (route) => void (route.request().method() === 'GET' ? this.reads : this.writes).push(route));
      for (let i = 0; i < steps.length; i++) {
        const step = steps[i]!;
        await this.act(step.action, steps[i - 1]?.state ?? null, step.state);
        await this.expectPage(step.state, step.action);
      }
      // A path may end with a call held: it goes on, so nothing is left waiting when the page closes.
      for (const route of [...this.reads.splice(0), ...this.writes.splice(0)]) await route.continue();
    } finally {
      await this.page.unroute(NODE_TAGS);
      if (!this.admin) await this.cleanUp();
    }
  }

  /** A name of the model as the server holds it: the path's own tags carry its prefix. */
  private real(name: string) {
    return name ? `${this.own} ${name}` : '';
  }

  private query(q: string) {
    const byModel: Record<ModelQuery, string> = { '': '', own: this.own, none: `${this.own}zz`, many: this.many };
    return byModel[q as ModelQuery];
  }

  private rowName(kind: ReturnType<typeof kindOf>, row: NodeTag) {
    return kind === 'many' ? `${this.many} ${row.name}` : this.real(row.name);
  }

  /** The API as the signed-in page holds it (its current token, read once for a batch of calls), or with `token`. */
  private async api(token?: string | null) {
    token ??= await this.page.evaluate(() => localStorage.getItem('access_token'));
    return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> => {
      const r = await this.page.request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
      expect(r.ok(), `${method} ${url}: ${r.status()} ${await r.text()}`).toBe(true);
      return ((await r.json()) as { data: T }).data;
    };
  }

  /** The tags the model starts from: Alpha free, Beta on a node of the company; and, when the path pages, the fillers. */
  private async setUp(fillers: boolean) {
    this.homeToken = await this.page.evaluate(() => localStorage.getItem('access_token'));
    const api = await this.api(this.homeToken);
    const ids: Record<string, string> = {};
    for (const tag of SETUP_TAGS) ids[tag.id] = (await api<NodeTag>('POST', '/api/node-tags', { name: this.real(tag.name), colour: tag.colour })).id;
    const [node] = await api<{ id: string; name: string; tags: { id: string }[] }[]>('GET', '/api/nodes?limit=1');
    expect(node, 'a node of the demo company to put a tag on').toBeTruthy();
    const tagIds = node!.tags.map((t) => t.id);
    this.using = { id: node!.id, name: node!.name, tagIds };
    const used = SETUP_TAGS.filter((t) => t.used).map((t) => ids[t.id]!);
    await api('PUT', `/api/nodes/${node!.id}`, { tagIds: [...tagIds, ...used] });
    if (!fillers) return;
    const names = Array.from({ length: FILLERS }, (_, i) => `${this.many} ${String(i).padStart(3, '0')}`);
    for (let i = 0; i < names.length; i += 50) {
      await Promise.all(names.slice(i, i + 50).map((name) => api('POST', '/api/node-tags', { name, colour: '#1f5fbf' })));
    }
  }

  /** Leaves the company as it was: the node's tags back, the path's tags gone. */
  private async cleanUp() {
    try {
      const api = await this.api(this.homeToken);
      if (this.using) await api('PUT', `/api/nodes/${this.using.id}`, { tagIds: this.using.tagIds });
      for (const q of [this.own, this.many]) {
        const tags = await api<NodeTag[]>('GET', `/api/node-tags?q=${encodeURIComponent(q)}&limit=1000`);
        for (let i = 0; i < tags.length; i += 50) await Promise.all(tags.slice(i, i + 50).map((t) => api('DELETE', `/api/node-tags/${t.id}`)));
      }
    } catch (e) {
      // A path that failed may have left no session to clean up with; its failure is the one to report.
      console.warn(`node tags model: clean-up of ${this.own} failed: ${String(e)}`);
    }
  }

  /** Waits for the one call the action makes to be held; a second one at once would be a call the model does not know. */
  private async held(queue: Route[]) {
    await expect.poll(() => queue.length, { message: 'a call of the screen held at the network' }).toBeGreaterThan(0);
    expect(queue.length, 'one call at a time').toBe(1);
  }

  /** Fails the held call as a dropped connection does, offline, so the session keeps the page and says so. */
  private async cut(queue: Route[], shows: Locator) {
    await this.context.setOffline(true);
    await queue.shift()!.abort('internetdisconnected');
    await expect(shows).toBeVisible();
    await this.context.setOffline(false);
  }

  /** The top bar's company switch; the one on the screen without a company is named by its heading. */
  private companySelect() {
    return this.page.getByLabel('Company', { exact: true });
  }

  /**
   * Switches company with the palette (Ctrl+K): the model switches with a dialog open, and a modal dialog leaves the
   * top bar's select inert, while the palette opens over it.
   */
  private async switchTo(company: string) {
    const page = this.page;
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByLabel(say('palette.input'))).toBeFocused();
    await page.keyboard.type(company.split(' ')[0]!.toLowerCase());
    await expect(palette.getByRole('option', { selected: true })).toHaveAccessibleName(new RegExp(`^${company}`));
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(this.companySelect().locator('option:checked')).toHaveText(company);
  }

  /** The Node Tags screen (its section), where the list's own alerts are. */
  private screen() {
    return this.page.getByRole('region', { name: 'Node Tags' });
  }

  private table() {
    return this.page.getByRole('table', { name: 'Node tags' });
  }

  private dialog(state: BrowserState) {
    return this.page.getByRole('dialog', { name: ctx(state).editing ? 'Edit node tag' : 'New node tag' });
  }

  /** Moves focus to the table's body, which takes keys and whose focus tells the machine nothing. */
  private async focusBody() {
    await this.page.getByRole('rowgroup', { name: 'Node tags' }).focus();
  }

  private async act(action: NodeTagsAction, before: BrowserState | null, after: BrowserState) {
    const page = this.page;
    const c = before ? ctx(before) : null;
    const network = say('failure.network');
    switch (action.type) {
      case 'page.open':
        await page.getByRole('link', { name: 'Node Tags' }).click();
        // Without a company the screen asks nothing (the page's checks find no call held).
        if (after.machine.matches({ list: 'noCompany' } as never)) return;
        return this.held(this.reads);
      case 'company.choose':
        await page.getByRole('main').getByRole('combobox', { name: say('company.choose') }).selectOption({ label: this.companies.home });
        return this.held(this.reads);
      case 'company.switch':
        await this.switchTo(this.companies[action.target as ModelCompany]);
        return this.held(this.reads);
      case 'filter': {
        // The debounce is the page's clock, stopped here so the model's timer event is the next step's to fire.
        await this.context.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
        await page.getByRole('searchbox', { name: 'Filter' }).fill(this.query(action.target!));
        return;
      }
      case 'debounce':
        await this.context.clock.runFor(FILTER_DEBOUNCE_MS);
        await this.held(this.reads);
        await this.context.clock.resume();
        return;
      case 'sort':
        await this.table().getByRole('button', { name: 'Sort by Name' }).click();
        return this.held(this.reads);
      case 'page.next':
      case 'page.prev':
        await page.getByRole('button', { name: action.type === 'page.next' ? 'Next page' : 'Previous page' }).click();
        return this.held(this.reads);
      case 'list.retry':
        await this.screen().getByRole('button', { name: 'Try again' }).click();
        return this.held(this.reads);
      case 'list.answered':
        return this.reads.shift()!.continue();
      case 'list.cut':
        return this.cut(this.reads, this.screen().getByRole('alert').filter({ hasText: network }));
      case 'notice.dismiss':
        await this.screen().getByRole('button', { name: say('notice.dismiss') }).click();
        return;
      case 'key.move':
        await this.focusBody();
        await page.keyboard.press(action.target!);
        return;
      case 'form.new':
        await page.getByRole('button', { name: 'New node tag' }).click();
        return;
      case 'row.edit': {
        const row = c!.rows.find((r) => r.id === action.target)!;
        // From elsewhere, so the click is what focuses the row (the model counts that focus).
        await this.focusBody();
        await this.table().getByRole('button', { name: `Edit ${this.real(row.name)}` }).click();
        return;
      }
      case 'key.edit':
        await this.focusBody();
        await page.keyboard.press('Enter');
        return;
      case 'name.fill':
        await this.dialog(before!).getByLabel('Name').fill(this.real(action.target!));
        return;
      case 'colour.fill':
        await this.dialog(before!).getByLabel('Colour').fill(PICKED_COLOUR);
        return;
      case 'field.blur':
        await expect(this.dialog(before!).getByLabel('Name')).toBeFocused();
        await page.keyboard.press('Tab');
        return;
      case 'form.submit':
        await this.dialog(before!).getByRole('button', { name: 'Save' }).click();
        if (after.machine.matches({ form: 'saving' } as never)) await this.held(this.writes);
        return;
      case 'form.cancel':
        await page.keyboard.press('Escape');
        return;
      case 'save.accepted':
      case 'delete.accepted':
        await this.writes.shift()!.continue();
        // The screen reads its list again after a write.
        return this.held(this.reads);
      case 'save.refused':
      case 'delete.refused':
        return this.writes.shift()!.continue();
      case 'save.cut':
        return this.cut(this.writes, this.dialog(before!).getByRole('alert').filter({ hasText: network }));
      case 'delete.cut':
        return this.cut(this.writes, page.getByRole('alertdialog').getByRole('alert').filter({ hasText: network }));
      case 'row.delete': {
        const row = c!.rows.find((r) => r.id === action.target)!;
        await this.table().getByRole('button', { name: `Delete ${this.real(row.name)}` }).click();
        return;
      }
      case 'key.delete':
        await this.focusBody();
        await page.keyboard.press('Delete');
        return;
      case 'delete.confirm':
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
        return this.held(this.writes);
      case 'delete.cancel':
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
        return;
    }
  }

  private failureText(f: Failure) {
    const params = { ...f.params };
    if (f.code === 'in_use') params.names = String(params.names).replace(USING_NODE, this.using!.name);
    return say(f.key, params);
  }

  private messageText(messages: FieldMessage[]) {
    return messages.map((m) => say(m.key, m.params)).join(' ');
  }

  /** What the page shows in a state of the model. */
  private async expectPage(state: BrowserState, action: NodeTagsAction) {
    const page = this.page;
    const m = state.machine;
    const c = ctx(state);
    const is = (v: unknown) => m.matches(v as never);
    const where = `after ${action.type}${action.target !== undefined ? `(${action.target})` : ''}, in ${JSON.stringify(m.value)}`;
    const table = this.table();
    await expect(page.getByRole('heading', { name: 'Node Tags', level: 1 }), where).toBeVisible();

    // No company: the way to one, in place of the list and its controls, and no call made.
    if (is({ list: 'noCompany' })) {
      await expect(this.screen().getByRole('heading', { name: say('company.choose') }), where).toBeVisible();
      await expect(this.screen().getByRole('combobox', { name: say('company.choose') }), where).toHaveValue('');
      await expect(this.companySelect().locator('option:checked'), where).toHaveText(say('topbar.noCompany'));
      await expect(page.getByRole('searchbox', { name: 'Filter' }), where).toHaveCount(0);
      await expect(table, where).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'New node tag' }), where).toHaveCount(0);
      await expect(page.getByRole('dialog'), where).toHaveCount(0);
      expect(this.reads.length, `${where}: no call of the screen`).toBe(0);
      return;
    }
    await expect(this.companySelect().locator('option:checked'), where).toHaveText(this.companies[memoOf(state).company]);
    await expect(page.getByRole('searchbox', { name: 'Filter' }), where).toHaveValue(this.query(c.q));

    // The list: its rows, or in their place what it is doing; busy while a read is due or under way.
    const busy = is({ list: 'loading' }) || is({ list: 'debouncing' });
    await expect(table.locator('xpath=..'), where).toHaveAttribute('aria-busy', String(busy));
    await expect(table.getByRole('columnheader', { name: 'Sort by Name' }), where).toHaveAttribute('aria-sort', c.sort === '-name' ? 'descending' : 'ascending');
    const rows = table.getByRole('row');
    // The rows are the last answer's, which may be another query's than the one typed since.
    const shown = kindOf(c.rows);
    if (shown !== 'none' && is({ list: 'failed' })) {
      // A failed read over the last answer's rows says so above them, with Try again.
      await expect(this.screen().getByRole('alert').filter({ hasText: this.failureText(c.listFailure!) }), where).toBeVisible();
      await expect(this.screen().getByRole('button', { name: 'Try again' }), where).toBeEnabled();
    }
    if (shown === 'none') {
      const status = table.getByRole('cell');
      if (busy) await expect(status.getByRole('status'), where).toHaveText(say('manage.loading'));
      else if (is({ list: 'failed' })) {
        await expect(status.getByRole('alert'), where).toHaveText(this.failureText(c.listFailure!));
        await expect(status.getByRole('button', { name: 'Try again' }), where).toBeEnabled();
      } else await expect(status, where).toHaveText(c.q ? say('manage.emptyFiltered', { q: this.query(c.q) }) : say('manage.empty'));
    } else if (shown === 'company') {
      // The company's whole list, which other tags than the path's make up.
      await expect(rows.nth(1), where).toBeVisible();
    } else if (c.rows.length <= 3) {
      // Few enough rows that the windowed table holds them all, in their order.
      await expect(rows, where).toHaveCount(c.rows.length + 1);
      for (const [i, row] of c.rows.entries()) {
        await expect(rows.nth(i + 1).getByRole('cell'), where).toHaveText([this.rowName(shown, row), row.colour, String(row.nodeCount), 'Delete']);
      }
    } else {
      await expect(rows.nth(1).getByRole('cell').first(), where).toHaveText(this.rowName(shown, c.rows[0]!));
    }
    if (shown !== 'company') {
      const pager = page.getByRole('navigation', { name: /rows$/ });
      if (c.total === 0) await expect(pager, where).toHaveCount(0);
      else {
        await expect(pager, where).toHaveAccessibleName(`${c.total} rows`);
        await expect(pager, where).toContainText(`${c.offset + 1}–${c.offset + c.rows.length} of ${c.total}`);
        await expect(pager.getByRole('button', { name: 'Previous page' }), where).toBeEnabled({ enabled: c.offset > 0 });
        await expect(pager.getByRole('button', { name: 'Next page' }), where).toBeEnabled({ enabled: c.offset + c.rows.length < c.total });
      }
    }
    if (action.type === 'key.move') {
      await expect(table.getByRole('button', { name: `Edit ${this.real(c.rows[c.active]!.name)}` }), where).toBeFocused();
    }

    const notices = page.getByRole('status').filter({ hasText: /” (created|saved|deleted)\.$/ });
    if (c.notice) await expect(notices, where).toHaveText(say(c.notice.key, { ...c.notice.params, name: this.real(String(c.notice.params?.name ?? '')) }));
    else await expect(notices, where).toHaveCount(0);

    // The form dialog: its title, its fields as the machine holds them, their messages, a failure, Save.
    if (is({ form: 'closed' })) await expect(page.getByRole('dialog'), where).toHaveCount(0);
    else {
      const dialog = this.dialog(state);
      const form = c.form!;
      await expect(dialog, where).toBeVisible();
      const name = dialog.getByLabel('Name');
      await expect(name, where).toHaveValue(this.real(form.values.name));
      await expect(dialog.getByLabel('Colour'), where).toHaveValue(form.values.colour);
      await expect(dialog.getByLabel('Colour'), where).toHaveAttribute('aria-invalid', 'false');
      // The server's messages on a field take the place of the form's own.
      const messages = c.serverErrors.name ?? form.errors.name ?? [];
      await expect(name, where).toHaveAttribute('aria-invalid', String(messages.length > 0));
      if (messages.length) await expect(name, where).toHaveAccessibleDescription(this.messageText(messages));
      if (c.formFailure) await expect(dialog.getByRole('alert'), where).toHaveText(this.failureText(c.formFailure));
      else await expect(dialog.getByRole('alert'), where).toHaveCount(0);
      if (is({ form: 'saving' })) await expect(dialog.getByRole('button', { name: 'Saving…' }), where).toBeDisabled();
      else await expect(dialog.getByRole('button', { name: 'Save', exact: true }), where).toBeEnabled();
      if (messages.length && !this.shot) {
        this.shot = true;
        await dialog.screenshot({ path: path.join(test.info().project.outputDir, 'node-tags.png') });
      }
    }

    // The confirm dialog: which tag, a refusal, Delete.
    if (is({ remove: 'idle' })) await expect(page.getByRole('alertdialog'), where).toHaveCount(0);
    else {
      const confirm = page.getByRole('alertdialog', { name: `Delete “${this.real(c.confirming!.name)}”?` });
      await expect(confirm, where).toBeVisible();
      if (c.deleteFailure) await expect(confirm.getByRole('alert'), where).toHaveText(this.failureText(c.deleteFailure));
      else await expect(confirm.getByRole('alert'), where).toHaveCount(0);
      if (is({ remove: 'deleting' })) await expect(confirm.getByRole('button', { name: 'Deleting…' }), where).toBeDisabled();
      else await expect(confirm.getByRole('button', { name: 'Delete', exact: true }), where).toBeEnabled();
    }
  }
}
