import { expect, type APIResponse, type BrowserContext, type Page, type Response, type Route } from '@playwright/test';
import type { SessionContext } from '../../../src/machines/session.machine';
import type { BrowserState, BrowserStep } from '../../model/browser-model';
import { DEMO_PASSWORD, accessTokenOf, codeFromOutbox, endSessionElsewhere, signInAs, signInForm } from '../helpers';
import { ADMIN, MANAGER, type ModelCompany, type SessionAction } from './session-actions';

// Runs one model path in a browser against the real server: each action is done the way a person, the network or
// another device does it, and each state is checked on the page. A call the model stops in the middle of (the
// "authenticating" between a sign-in and its answer) is held at the network until the model's next step answers it.

const API = (path: string) => new RegExp(`/api/${path}(\\?|$)`);
/** Calls of the signed-in app, not the sign-in calls, the live stream or the refresh (the model drives those itself). */
const DATA_CALL = /\/api\/(?!stream|login|verify-opt|resend-opt|refresh-token|logout|switch-company|shadow-|exit-shadow|white-label|health)/;
/** The profile's read of the person and its save (GET and PUT): calls no change of page cancels. */
const ME = API('me');

interface Held {
  pattern: RegExp;
  route: Promise<Route>;
  /** The server's answer, when the request already went through and only its answer is held. */
  answer?: APIResponse;
}

export class SessionDriver {
  private held: Held | null = null;
  /** A data call of the shadow session held while its exit goes through (see exit.racing). */
  private racing: Promise<Route> | null = null;
  private codeSince = 0;
  private revokeWith: string | null = null;
  private readonly companies: Partial<Record<ModelCompany, string>> = {};
  /** The model's state before the action under way (which company tokens the session holds, say). */
  private before: BrowserState | null = null;

  constructor(private readonly page: Page, private readonly context: BrowserContext) {}

  async run(steps: readonly BrowserStep<SessionAction>[]) {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      this.before = steps[i - 1]?.state ?? null;
      await this.act(step.action, steps[i + 1]?.action);
      await this.expectPage(step.state, step.action);
    }
    if (this.held) await this.release('continue');
  }

  /** Holds the first request matching `pattern` at the network; later ones pass. */
  private async hold(pattern: RegExp) {
    this.held = { pattern, ...(await this.holdFirst(pattern)) };
  }

  /** The first request matching `pattern`, held at the network (its route, once it comes); later ones pass. */
  private async holdFirst(pattern: RegExp): Promise<{ route: Promise<Route> }> {
    let resolve!: (r: Route) => void;
    const route = new Promise<Route>((r) => (resolve = r));
    let taken = false;
    await this.page.route(pattern, async (r) => {
      if (taken) return r.continue();
      taken = true;
      resolve(r);
    });
    return { route };
  }

  /** Lets the held request go on (or sends it on with another body), or cuts it as a lost connection would. */
  private async release(how: 'continue' | 'abort', postData?: string) {
    const held = this.held!;
    this.held = null;
    const route = await held.route;
    if (how === 'continue' && held.answer) await route.fulfill({ response: held.answer });
    else if (how === 'continue') await route.continue(postData === undefined ? undefined : { postData });
    else await route.abort('internetdisconnected');
    await this.page.unroute(held.pattern);
  }

  private async waitHeld() {
    await this.held!.route;
  }

  private nav() {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  /** Follows a link of the main navigation to another page than the current one: the page's calls start. */
  private async visitAnotherPage() {
    const names = ['Dashboard', 'Admin Dashboard', 'Companies', 'Alert Events', 'Reports'];
    for (const name of names) {
      const link = this.nav().getByRole('link', { name, exact: true });
      if ((await link.count()) === 0) continue;
      if ((await link.getAttribute('aria-current', { timeout: 2000 })) === 'page') continue;
      await link.click({ timeout: 5000 });
      return;
    }
    throw new Error('no other page to visit in the navigation');
  }

  /**
   * Waits until the page has an answer in full and has run a task since: the app reports a refusal to the session as
   * it reads the body, so a wrong reaction to it has happened by then (no fixed wait that a busy machine outlasts).
   */
  private async readByPage(response: Response) {
    await response.finished();
    await this.page.evaluate(() => new Promise<void>((done) => setTimeout(done, 0)));
  }

  private profileLink() {
    return this.page.getByRole('link', { name: 'My Profile' }).or(this.nav().getByRole('link', { name: 'Profile', exact: true })).first();
  }

  /** Opens My Profile and waits for the person's details. */
  private async openProfile() {
    await this.profileLink().click();
    await expect(this.page.getByLabel('Name', { exact: true })).not.toHaveValue('');
  }

  /** Lets the read held since the logout was pressed go on, expects the server's refusal, and lets the page read it. */
  private async refuseRacingRead() {
    const read = await this.racing!;
    this.racing = null;
    const answered = this.page.waitForResponse((r) => r.request() === read.request());
    await read.continue();
    const refusal = await answered;
    expect(refusal.status(), 'the read sent before the logout is refused after it').toBe(401);
    await this.page.unroute(ME);
    await this.readByPage(refusal);
  }

  /** On My Profile, types `name` and presses Save, the save held at the network: its route, and the name typed. */
  private async heldProfileSave(edit: (name: string) => string): Promise<{ route: Route; typed: string }> {
    await this.openProfile();
    const field = this.page.getByLabel('Name', { exact: true });
    const typed = edit(await field.inputValue());
    await field.fill(typed);
    const { route } = await this.holdFirst(ME);
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
    return { route: await route, typed };
  }

  private async companySelect() {
    return this.page.getByLabel('Company', { exact: true });
  }

  /** The real ids of the manager's two companies: the one signed in to is c1. */
  private async learnCompanies() {
    if (this.companies.c1) return;
    const select = await this.companySelect();
    await expect(select.locator('option')).toHaveCount(2);
    const current = await select.inputValue();
    const values = await select.locator('option').evaluateAll((os) => (os as HTMLOptionElement[]).map((o) => o.value));
    this.companies.c1 = current;
    this.companies.c2 = values.find((v) => v !== current)!;
  }

  private async act(action: SessionAction, next: SessionAction | undefined) {
    const page = this.page;
    switch (action.type) {
      case 'visit.fresh':
        await page.goto('/');
        return;
      case 'visit.blocked':
        // The browser blocks this site's data (a privacy setting): every touch of localStorage throws.
        await page.addInitScript(() => {
          Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() {
              throw new DOMException('The operation is insecure.', 'SecurityError');
            },
          });
        });
        await page.goto('/');
        return;
      case 'visit.stored': {
        // Another tab signs in first; this page then starts from the stored session.
        const other = await this.context.newPage();
        await signInAs(other, MANAGER);
        await other.close();
        await page.goto('/');
        return;
      }
      case 'login.submit': {
        await this.hold(API('login'));
        this.codeSince = Date.now() - 1000;
        await signInForm(page, action.target!, next?.type === 'login.refused' ? 'Wrong-password-1' : DEMO_PASSWORD);
        return this.waitHeld();
      }
      case 'login.accepted':
      case 'login.refused':
      case 'code.accepted':
      case 'code.refused':
      case 'resend.accepted':
      case 'switch.accepted':
      case 'shadow.accepted':
      case 'exit.accepted':
      case 'refresh.accepted':
      case 'logout.accepted':
        return this.release('continue');
      case 'resend.cut':
      case 'switch.cut':
      case 'shadow.cut':
      case 'exit.cut':
      case 'refresh.cut':
      case 'logout.cut':
        return this.release('abort');
      case 'external.submit': {
        // Through the real OpenID provider (tests/e2e/oidc-provider-server.ts): its development login form takes any
        // password for the email, then asks for consent; its callback lands on our page that finishes the sign-in.
        this.codeSince = Date.now() - 1000;
        await page.getByRole('button', { name: 'Sign in with Auth0' }).click();
        await page.locator('input[name="login"]').fill(action.target!);
        await page.locator('input[name="password"]').fill('anything');
        await page.getByRole('button', { name: 'Sign-in' }).click();
        await page.getByRole('button', { name: 'Continue' }).click();
        return;
      }
      case 'switch.refused':
        // A company the manager is not a member of (as after being removed meanwhile): the server's own 403.
        await this.release('continue', JSON.stringify({ companyId: '00000000-0000-4000-8000-0000000000c9' }));
        await expect(page.getByRole('alert').filter({ hasText: 'Your role does not allow this.' })).toBeVisible();
        return;
      case 'code.submit': {
        const code = await codeFromOutbox(page.request, ADMIN, this.codeSince);
        // A refused code is a wrong one: the real code with its last digit changed.
        const typed = next?.type === 'code.refused' ? code.slice(0, 5) + String((Number(code[5]) + 1) % 10) : code;
        await this.hold(API('verify-opt'));
        await page.getByLabel('Code').fill(typed);
        await page.getByRole('button', { name: 'Verify' }).click();
        return this.waitHeld();
      }
      case 'code.resend': {
        // The resend waits out its 30-second countdown; the page's clock jumps past it.
        await this.context.clock.fastForward(31_000);
        const resend = page.getByRole('button', { name: 'Resend code', exact: true });
        await expect(resend).toBeEnabled();
        await this.hold(API('resend-opt'));
        this.codeSince = Date.now() - 1000;
        await resend.click();
        return this.waitHeld();
      }
      case 'code.cancel':
        await page.getByRole('button', { name: 'Back to sign in' }).or(page.getByRole('link', { name: 'Back to sign in' })).click();
        return;
      case 'company.switch': {
        await this.learnCompanies();
        const target = this.companies[action.target as ModelCompany]!;
        const asks = !(action.target! in ((this.before?.machine.context as SessionContext | undefined)?.userTokens ?? {}));
        if (asks) await this.hold(API('switch-company'));
        await (await this.companySelect()).selectOption(target);
        if (asks) await this.waitHeld();
        return;
      }
      case 'company.current': {
        const name = (await (await this.companySelect()).locator('option:checked').textContent())!;
        let switches = 0;
        const count = (r: { url(): string }) => void (/\/api\/switch-company$/.test(r.url()) && switches++);
        page.on('request', count);
        await page.keyboard.press('Control+K');
        await page.keyboard.type(name.split(' ')[0]!.toLowerCase());
        const palette = page.getByRole('dialog').filter({ has: page.getByRole('combobox') });
        await expect(palette.getByRole('option', { selected: true })).toContainText(name);
        await page.keyboard.press('Enter');
        await expect(palette).toBeHidden();
        page.off('request', count);
        expect(switches, 'choosing the company in use asks the server nothing').toBe(0);
        return;
      }
      case 'shadow.company':
      case 'shadow.user': {
        await this.nav().getByRole('link', { name: 'Companies', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
        if (action.type === 'shadow.company') {
          await this.hold(API('shadow-company'));
          await page.getByRole('button', { name: 'Shadow Northwind Care Homes' }).click();
        } else {
          await page.getByRole('button', { name: 'People of Northwind Care Homes' }).click();
          await this.hold(API('shadow-user'));
          await page.getByRole('button', { name: 'Shadow Uma User' }).click();
        }
        return this.waitHeld();
      }
      case 'shadow.exit':
        if (next?.type === 'exit.racing') {
          // A page's call made with the shadow's token, held until the exit has answered.
          this.racing = (await this.holdFirst(DATA_CALL)).route;
          await this.visitAnotherPage();
          await this.racing;
        }
        await this.hold(API('exit-shadow'));
        await page.getByRole('status').filter({ hasText: 'You are acting as' }).getByRole('button', { name: 'Exit' }).click();
        return this.waitHeld();
      case 'token.expire': {
        // The access token runs out on the page's clock; the next call refreshes it first.
        // Kept to end this session's family from elsewhere, should the model refuse the refresh.
        this.revokeWith = await accessTokenOf(this.page);
        await this.hold(API('refresh-token'));
        await this.context.clock.fastForward('16:00');
        await this.visitAnotherPage();
        return this.waitHeld();
      }
      case 'exit.racing': {
        await this.release('continue');
        await expect(this.nav().getByRole('link', { name: 'Admin Dashboard', exact: true })).toBeVisible();
        const route = await this.racing!;
        this.racing = null;
        const request = route.request();
        const answered = page.waitForResponse((r) => r.request() === request, { timeout: 5_000 }).catch(() => null);
        await route.continue().catch(() => undefined);
        const response = await answered;
        // The page may have cancelled its call as the exit took it elsewhere (an alert's list, the top bar's count):
        // then no answer reaches the session at all. Otherwise the server must refuse the shadow's revoked token.
        if (response === null) expect(request.failure()?.errorText, 'the held call was neither answered nor cancelled').toBeTruthy();
        else expect(response.status(), 'the revoked shadow token is refused').toBe(401);
        await page.unroute(DATA_CALL);
        // The refusal's report reaches the session once the page has read the answer: then it has had its chance to
        // act, wrongly, before the next state is checked.
        if (response) await this.readByPage(response);
        return;
      }
      case 'exit.overtaken': {
        // The exit reaches the server (which revokes the shadow's family); its answer stays held until a page's call
        // with the shadow token has been refused and the refusal had time to reach the session.
        const held = this.held!;
        held.answer = await (await held.route).fetch();
        const refused = page.waitForResponse((r) => DATA_CALL.test(r.url()) && r.status() === 401, { timeout: 10_000 });
        await this.visitAnotherPage();
        await this.readByPage(await refused);
        await this.release('continue');
        await expect(this.nav().getByRole('link', { name: 'Admin Dashboard', exact: true })).toBeVisible();
        return;
      }
      case 'refresh.refused':
        await endSessionElsewhere(this.page, this.revokeWith);
        return this.release('continue');
      case 'logout.submit':
        if (next?.type === 'logout.overtaken' || next?.type === 'logout.late') {
          // A page's read on its way as the person logs out: the profile's, held until the logout has ended the session.
          if (new URL(page.url()).pathname === '/my-profile') await this.visitAnotherPage();
          this.racing = (await this.holdFirst(ME)).route;
          await this.profileLink().click();
          await this.racing;
        }
        await this.hold(API('logout'));
        await page.getByRole('button', { name: 'Logout' }).click();
        return this.waitHeld();
      case 'logout.offline':
        await this.context.setOffline(true);
        await this.release('abort');
        await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
        await this.context.setOffline(false);
        return;
      case 'logout.overtaken': {
        // The logout reaches the server, which ends the session before it answers; that answer stays held until the
        // read sent before the logout has been refused and the page has read the refusal.
        const held = this.held!;
        held.answer = await (await held.route).fetch();
        await this.refuseRacingRead();
        await this.release('continue');
        // The person asked to leave: the sign-in page, and no word of a session that ended.
        await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
        await expect(page.getByText('Your session has ended')).toHaveCount(0);
        return;
      }
      case 'logout.late':
        // The logout answers and the person is on the sign-in page; only then is the read sent before the logout let
        // through, and refused. It belongs to the session they chose to leave: nothing is said of a session ending.
        await this.release('continue');
        await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
        await this.refuseRacingRead();
        await expect(page.getByText('Your session has ended')).toHaveCount(0);
        return;
      case 'logout.revoked':
        await endSessionElsewhere(this.page, await accessTokenOf(this.page));
        return this.release('continue');
      case 'data.revoked':
        await endSessionElsewhere(this.page, await accessTokenOf(this.page));
        // A call of the page's own (the alert badge, say) may meet the refusal first; either way it is a data call.
        await this.visitAnotherPage().catch(() => undefined);
        return;
      case 'data.forbidden': {
        // A call this role may not make: the page's next call is sent to an administrators' route, and the server
        // answers 403 itself (shadow sessions are refused there too).
        let taken = false;
        await page.route(DATA_CALL, (r) => {
          if (taken) return r.continue();
          taken = true;
          return r.continue({ url: new URL('/api/admin/overview', r.request().url()).href });
        });
        await this.visitAnotherPage().catch(() => undefined);
        await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
        await page.unroute(DATA_CALL);
        await expect(page.getByRole('alert').filter({ hasText: 'Your role does not allow this.' })).toBeVisible();
        return;
      }
      case 'write.forbidden': {
        // The profile's save, sent on to a write this role may not make (changing a company): the server's own 403.
        const { route, typed } = await this.heldProfileSave((name) => `${name} (draft)`);
        const answered = page.waitForResponse((r) => r.request() === route.request());
        await route.continue({ url: new URL('/api/companies/00000000-0000-4000-8000-0000000000c9', route.request().url()).href });
        await page.unroute(ME);
        expect((await answered).status(), 'the server refuses the write').toBe(403);
        // The screen shows the refusal; the person stays on it, signed in, with what they typed.
        // In the reader's words for a 403 (the code's dictionary key), never the server's English text.
        await expect(page.getByText('Your role does not allow this.')).toBeVisible();
        await expect(page).toHaveURL(/\/my-profile$/);
        await expect(page.getByLabel('Name', { exact: true })).toHaveValue(typed);
        return;
      }
      case 'write.invalid': {
        // The profile's save, its name blanked on the way (a rule the form did not check): the server's own 400.
        const { route } = await this.heldProfileSave((name) => name);
        const answered = page.waitForResponse((r) => r.request() === route.request());
        await route.continue({ postData: JSON.stringify({ name: ' ' }) });
        await page.unroute(ME);
        expect((await answered).status(), 'the server finds the write invalid').toBe(400);
        await expect(page.getByRole('alert').filter({ hasText: 'Some values are not valid. Check the marked fields.' })).toBeVisible();
        await expect(page).toHaveURL(/\/my-profile$/);
        return;
      }
      case 'data.cut':
        await this.hold(DATA_CALL);
        await this.visitAnotherPage();
        return this.release('abort');
      case 'data.offline': {
        // Back to a page whose code is loaded already: offline, a page never loaded fails to load, not to fetch.
        const here = await this.nav().locator('[aria-current="page"]').first().textContent();
        await this.visitAnotherPage();
        await this.context.setOffline(true);
        // The entry's text is its label alone: its picture is an svg, not a letter.
        await this.nav().getByRole('link', { name: here!.trim(), exact: true }).click();
        await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /offline/i }).first()).toBeVisible();
        await this.context.setOffline(false);
        return;
      }
      case 'data.notFound':
        // A link to a site that is not there (deleted since, or mistyped), followed inside the app.
        await page.evaluate(() => {
          history.pushState(null, '', '/site-dashboard?site=00000000-0000-4000-8000-000000000000');
          dispatchEvent(new PopStateEvent('popstate'));
        });
        await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: /not found|no longer|not exist/i }).first()).toBeVisible();
        return;
      case 'page.visit':
        await this.visitAnotherPage();
        return;
      case 'profile.save': {
        await this.openProfile();
        const save = page.getByRole('button', { name: 'Save', exact: true });
        await save.click();
        await expect(save).not.toHaveAttribute('aria-busy', 'true');
        return;
      }
      case 'password.change': {
        await page.getByRole('link', { name: 'My Profile' }).first().click();
        for (const [from, to] of [[DEMO_PASSWORD, 'Model-pass-2'], ['Model-pass-2', DEMO_PASSWORD]] as const) {
          await page.getByLabel('Current password').fill(from);
          await page.getByLabel('New password', { exact: true }).fill(to);
          await page.getByLabel('Confirm new password').fill(to);
          await page.getByRole('button', { name: 'Change password' }).click();
          await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
        }
        return;
      }
      case 'maintenance.back':
        await page.getByRole('link', { name: 'BACK HOME' }).click();
        return;
      case 'maintenance.cut':
        // The connection blinks: the live stream, back, re-reads the open alert count, and that call is lost too.
        await this.hold(API('alertevents'));
        await this.context.setOffline(true);
        await page.waitForFunction(() => !navigator.onLine);
        await this.context.setOffline(false);
        await this.waitHeld();
        await this.release('abort');
        await expect(page).toHaveURL(/\/maintenance$/);
        return;
    }
  }

  /** What the page shows in a state of the model. */
  private async expectPage(state: BrowserState, action: SessionAction) {
    const page = this.page;
    const m = state.machine;
    const c = m.context as SessionContext;
    const is = (v: unknown) => m.matches(v as never);
    const where = `after ${action.type}, in ${JSON.stringify(m.value)} on ${state.page}`;
    if (state.page === 'maintenance') {
      await expect(page.getByRole('heading', { name: 'We’ll be back soon' }), where).toBeVisible();
      return;
    }
    if (is({ signedOut: 'idle' })) {
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true }), where).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in', exact: true }), where).toBeEnabled();
      return;
    }
    if (is({ signedOut: 'authenticating' })) {
      await expect(page.getByRole('button', { name: 'Signing in…' }), where).toHaveAttribute('aria-busy', 'true');
      return;
    }
    if (is({ mfa: 'idle' })) {
      await expect(page.getByRole('heading', { name: 'Enter your sign-in code' }), where).toBeVisible();
      await expect(page.getByRole('button', { name: 'Verify', exact: true }), where).toBeEnabled();
      return;
    }
    if (is({ mfa: 'verifying' }) || is({ mfa: 'resending' })) {
      await expect(page.getByRole('button', { name: 'Verifying…' }), where).toHaveAttribute('aria-busy', 'true');
      return;
    }
    if (is('loggingOut')) {
      // The person is shown the sign-in page at once; the call that ends the session is still on its way.
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true }), where).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Loading' }), where).toBeVisible();
      return;
    }
    await expect(page.getByRole('button', { name: 'Logout' }), where).toBeVisible();
    const s = c.session!;
    const banner = page.getByRole('status').filter({ hasText: 'You are acting as' });
    if (s.isShadow) await expect(banner, where).toBeVisible();
    else await expect(banner, where).toHaveCount(0);
    if (s.role === 'admin') await expect(this.nav().getByRole('link', { name: 'Admin Dashboard', exact: true }), where).toBeVisible();
    if (s.role === 'manager' && !s.isShadow && this.companies.c1 && !is({ signedIn: { activity: 'switching' } })) {
      await expect(await this.companySelect(), where).toHaveValue(this.companies[s.companyId as ModelCompany]!);
    }
    if (is({ signedIn: { activity: 'switching' } }) || is({ signedIn: { activity: 'shadowing' } }) || is({ signedIn: { activity: 'exitingShadow' } })) {
      await expect(page.getByRole('progressbar', { name: 'Loading' }), where).toBeVisible();
    }
  }
}
