import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { Session } from '../../../src/api/contract/auth';
import { sessionMachine, type SessionContext, type SessionEvent } from '../../../src/machines/session.machine';
import type { BrowserAction, BrowserState } from '../../model/browser-model';
import { session } from '../../machines/session-fixtures';

// The session machine's model as a browser drives it: every action below is something a person (or the network, or
// another device) does, listed with the machine events it causes in that state. The sessions are stand-ins with the
// shape the guards read (role, company, shadow); the executor checks the page, not tokens.

export const ADMIN = 'admin@sitewatch.test';
export const MANAGER = 'manager@sitewatch.test';

/** The manager's two companies, as the model names them; the executor maps them to the real ones. */
export type ModelCompany = 'c1' | 'c2';

const admin = session({ accessToken: 'admin', refreshToken: 'admin-r', role: 'admin', companyId: null, companyName: null, basicInfo: { id: 'a', name: 'Ada Admin', email: ADMIN, locale: 'en' } });
const manager = (c: ModelCompany) => session({ accessToken: `m-${c}`, refreshToken: `m-${c}-r`, role: 'manager', companyId: c, basicInfo: { id: 'm', name: 'Max Manager', email: MANAGER, locale: 'en' } });
const shadowOf = (kind: 'company' | 'user') =>
  session({ accessToken: `s-${kind}`, refreshToken: `s-${kind}-r`, role: kind === 'company' ? 'manager' : 'user', companyId: 'nw', isShadow: true, shadow: { kind, name: kind === 'company' ? 'Northwind Care Homes' : 'Uma User', actorName: 'Ada Admin' } });

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const fail = (id: string, status: number): EventObject => ({ type: `xstate.error.actor.${id}`, error: { status, code: status === 0 ? 'network_error' : 'x', message: `failed ${status}` } }) as EventObject;
const failed = (status: number, call: string, online = true, path = '/', token?: string): EventObject =>
  ({ type: 'api.failed', status, code: status === 0 ? 'network_error' : 'x', online, path, call, token }) as EventObject;
/** A failure of a write: the call's method says so (the session leaves a refused write to its screen). */
const ofWrite = (failure: EventObject, method = 'PUT'): EventObject => ({ ...failure, method }) as EventObject;
const succeeded: EventObject = { type: 'api.succeeded' };
/** A user event of the machine, or an answer of one of its actors. */
type Ev = SessionEvent | EventObject;

export type SessionAction = BrowserAction & {
  readonly type:
    | 'visit.fresh' | 'visit.stored' | 'visit.blocked'
    | 'login.submit' | 'external.submit' | 'login.accepted' | 'login.refused'
    | 'code.submit' | 'code.accepted' | 'code.refused' | 'code.resend' | 'resend.accepted' | 'resend.cut' | 'code.cancel'
    | 'company.switch' | 'company.current' | 'switch.accepted' | 'switch.refused' | 'switch.cut'
    | 'shadow.company' | 'shadow.user' | 'shadow.accepted' | 'shadow.cut'
    | 'shadow.exit' | 'exit.accepted' | 'exit.racing' | 'exit.overtaken' | 'exit.cut'
    | 'token.expire' | 'refresh.accepted' | 'refresh.refused' | 'refresh.cut'
    | 'logout.submit' | 'logout.accepted' | 'logout.cut' | 'logout.offline' | 'logout.revoked' | 'logout.overtaken' | 'logout.late'
    | 'data.revoked' | 'data.forbidden' | 'write.forbidden' | 'write.invalid' | 'data.cut' | 'data.offline' | 'data.notFound' | 'profile.save' | 'password.change' | 'page.visit'
    | 'maintenance.back' | 'maintenance.cut';
  /** The email typed, the company chosen, or the shadow asked for. */
  readonly target?: string;
};

const ctx = (s: BrowserState) => s.machine.context as SessionContext;
const is = (m: AnyMachineSnapshot, value: unknown) => m.matches(value as never);

/** What the browser can do in a state, with what each causes. Page 'maintenance' is where network failures lead. */
export function sessionActions(state: BrowserState): SessionAction[] {
  const m = state.machine;
  const c = ctx(state);
  const out: SessionAction[] = [];
  const add = (type: SessionAction['type'], events: Ev[], extra: { page?: string; memo?: string; target?: string } = {}) =>
    out.push({ type, events, ...extra } as SessionAction);

  if (state.page === 'maintenance') {
    // The maintenance page offers one way on: back home.
    add('maintenance.back', [], { page: 'app' });
    // Calls still made there (the live stream back after a blip re-reads the alert count) fail quietly: the page
    // already says the service cannot be reached. Only a session with a company has a live stream.
    if (is(m, 'signedIn') && c.session?.companyId) add('maintenance.cut', [failed(0, '/api/alertevents', true, '/maintenance')]);
    return out;
  }
  if (is(m, 'restoring')) {
    add('visit.fresh', [done('restore', { session: null, userTokens: {}, unauthorizedCount: 0 })]);
    const held = { ...manager('c1'), loggedTime: Date.now() };
    add('visit.stored', [done('restore', { session: held, userTokens: { c1: held }, unauthorizedCount: 0 }), succeeded]);
    // Site data blocked by the browser's settings: reading the stored session throws, and the app starts signed out.
    add('visit.blocked', [{ type: 'xstate.error.actor.restore', error: new DOMException('The operation is insecure.', 'SecurityError') } as EventObject]);
  }
  if (is(m, { signedOut: 'idle' })) {
    add('login.submit', [{ type: 'session.login', email: ADMIN, password: 'x', rememberMe: false }], { target: ADMIN });
    add('login.submit', [{ type: 'session.login', email: MANAGER, password: 'x', rememberMe: false }], { target: MANAGER });
    // Through the OpenID provider: the callback page establishes the session, or for an account with MFA on asks for
    // our one-time code.
    add('external.submit', [{ type: 'session.establish', session: manager('c1') }, succeeded], { target: MANAGER });
    add('external.submit', [{ type: 'session.challenge', mfaToken: 'mfa', email: ADMIN, rememberMe: false }], { target: ADMIN });
  }
  if (is(m, { signedOut: 'authenticating' })) {
    const email = c.mfa?.email;
    add('login.accepted', email === ADMIN ? [done('login', { requireMFV: true, mfaToken: 'mfa' })] : [done('login', manager('c1')), succeeded]);
    add('login.refused', [fail('login', 401)]);
  }
  if (is(m, { mfa: 'idle' })) {
    add('code.submit', [{ type: 'session.verify', code: '000000' }]);
    add('code.resend', [{ type: 'session.resend' }]);
    add('code.cancel', [{ type: 'session.cancel' }]);
  }
  if (is(m, { mfa: 'verifying' })) {
    add('code.accepted', [done('verify', admin), succeeded]);
    add('code.refused', [fail('verify', 401)]);
  }
  if (is(m, { mfa: 'resending' })) {
    add('resend.accepted', [done('resend', { sent: true })]);
    // Sign-in calls are public: their failures are their own and never reported as api.failed.
    add('resend.cut', [fail('resend', 0)]);
  }
  if (is(m, 'signedIn')) signedInActions(state, add);
  if (is(m, 'loggingOut')) {
    add('logout.accepted', [done('logout', { loggedOut: true })]);
    // The logout call is not public: its failure is reported first (the session is already leaving), then it fails.
    add('logout.cut', [failed(0, '/api/logout'), fail('logout', 0)]);
    add('logout.offline', [failed(0, '/api/logout', false), fail('logout', 0)]);
    add('logout.revoked', [failed(401, '/api/logout'), fail('logout', 401)]);
    // The server ends the session before it answers the logout: a page's read sent before the logout and refused in that
    // gap arrives first. The logout's answer decides, and nothing else is said.
    add('logout.overtaken', [failed(401, '/api/me'), done('logout', { loggedOut: true })]);
    // The same read refused only after the logout's answer has signed the person out: it is of the session they left.
    add('logout.late', [done('logout', { loggedOut: true }), failed(401, '/api/me', true, '/', c.session?.accessToken)]);
  }
  return out;
}

function signedInActions(state: BrowserState, add: (type: SessionAction['type'], events: Ev[], extra?: { page?: string; memo?: string; target?: string }) => void) {
  const m = state.machine;
  const c = ctx(state);
  const s = c.session!;
  const idle = is(m, { signedIn: { activity: 'idle' } });
  const tokenIdle = is(m, { signedIn: { token: 'idle' } });

  if (idle && s.role === 'manager' && !s.isShadow) {
    const other: ModelCompany = s.companyId === 'c1' ? 'c2' : 'c1';
    // A held company token is used at once; otherwise the switch asks the server (and waits for a refresh under way).
    if (other in c.userTokens || tokenIdle) add('company.switch', [{ type: 'company.switch', companyId: other }], { target: other });
    // The palette lists the company in use too; choosing it changes nothing.
    if (tokenIdle) add('company.current', [{ type: 'company.switch', companyId: s.companyId! }]);
  }
  if (is(m, { signedIn: { activity: 'switching' } }) && tokenIdle) {
    const target = (s.companyId === 'c1' ? 'c2' : 'c1') as ModelCompany;
    add('switch.accepted', [done('switch', manager(target)), succeeded]);
    // The server refuses (the membership was removed meanwhile): reported, then the switch's own failure says so.
    add('switch.refused', [failed(403, '/api/switch-company'), fail('switch', 403)]);
    add('switch.cut', [failed(0, '/api/switch-company'), fail('switch', 0)], { page: 'maintenance' });
  }
  if (idle && tokenIdle && s.role === 'admin' && !s.isShadow) {
    add('shadow.company', [{ type: 'shadow.company', companyId: 'nw' }], { memo: 'company' });
    add('shadow.user', [{ type: 'shadow.user', userId: 'uma' }], { memo: 'user' });
  }
  if (is(m, { signedIn: { activity: 'shadowing' } })) {
    add('shadow.accepted', [done('shadow', shadowOf(state.memo === 'user' ? 'user' : 'company')), succeeded], { memo: '' });
    add('shadow.cut', [failed(0, `/api/shadow-${state.memo}`), fail('shadow', 0)], { memo: '', page: 'maintenance' });
  }
  if (idle && tokenIdle && s.isShadow) add('shadow.exit', [{ type: 'shadow.exit' }]);
  if (is(m, { signedIn: { activity: 'exitingShadow' } })) {
    add('exit.accepted', [done('exitShadow', admin), succeeded]);
    // The server revokes the shadow's family before it answers the exit: a page's call with the shadow token, refused
    // in that gap, arrives first. The exit's answer decides.
    add('exit.overtaken', [failed(401, '/api/data', true, '/', s.accessToken), done('exitShadow', admin), succeeded]);
    // A call of the shadow's still on its way as the exit answers: the exit revoked its token, and that refusal is
    // no reason to end the administrator's session.
    add('exit.racing', [done('exitShadow', admin), succeeded, failed(401, '/api/data', true, '/', s.accessToken)]);
    add('exit.cut', [failed(0, '/api/exit-shadow'), fail('exitShadow', 0)], { page: 'maintenance' });
  }

  if (idle && tokenIdle) {
    add('token.expire', [{ type: 'token.refresh' }]);
    add('logout.submit', [{ type: 'session.logout' }]);
    add('data.revoked', [failed(401, '/api/data')]);
    // A call the role may not make: the session ends with the reason (docs/product.md, Errors). Admins may make every call.
    if (s.role !== 'admin') add('data.forbidden', [failed(403, '/api/data')]);
    // A write the screen offered and the server refuses (a right lost meanwhile): the screen shows the refusal, and the
    // person stays signed in on it. A shadow's forms do not submit; admins may make every call.
    if (s.role !== 'admin' && !s.isShadow) add('write.forbidden', [ofWrite(failed(403, '/api/me'))]);
    // A write the server finds invalid by a rule the form did not check: any other failure, told as a notice besides.
    if (!s.isShadow) add('write.invalid', [ofWrite(failed(400, '/api/me'))]);
    add('data.cut', [failed(0, '/api/data')], { page: 'maintenance' });
    add('data.offline', [failed(0, '/api/data', false)]);
    add('page.visit', [{ type: 'route.visited', path: '/my-profile' }, succeeded]);
    if (s.companyId) add('data.notFound', [failed(404, '/api/site-dashboard')]);
    if (!s.isShadow) add('profile.save', [{ type: 'session.info', name: s.basicInfo.name, locale: 'en' }, succeeded]);
    // A new password, then the old one back (other paths sign in with it): each answer is a session taken quietly.
    if (!s.isShadow && s.role === 'manager') add('password.change', [{ type: 'session.adopt', session: s }, succeeded, { type: 'session.adopt', session: s }, succeeded]);
  }
  if (is(m, { signedIn: { token: 'refreshing' } })) {
    const inUse = c.refreshingWith !== null && c.refreshingWith === s.refreshToken;
    const refreshed = Object.values(c.userTokens).find((t) => t.refreshToken === c.refreshingWith) ?? s;
    const fresh = { ...refreshed, accessToken: `${refreshed.accessToken}+` } as Session;
    if (inUse) {
      add('refresh.accepted', [done('refresh', fresh), succeeded]);
      // The call that waited on the refresh then fails with the refresh's answer, reported after the session ended.
      add('refresh.refused', [fail('refresh', 401), failed(401, '/api/data')]);
      add('refresh.cut', [fail('refresh', 0), failed(0, '/api/data')], { page: 'maintenance' });
    } else {
      // A switch to a held company won meanwhile: the refresh answers for the company left; the waiting call then
      // refreshes the company in use (its token is as old), which the revoked family refuses in the refused case.
      add('refresh.accepted', [done('refresh', fresh), { type: 'token.refresh' }, done('refresh', { ...s, accessToken: `${s.accessToken}+` }), succeeded]);
      add('refresh.refused', [fail('refresh', 401), { type: 'token.refresh' }, fail('refresh', 401), failed(401, '/api/data')]);
    }
  }
}

/** What distinguishes states: the value and what the guards and the page read. */
export function sessionKey(state: BrowserState): string {
  const c = ctx(state);
  return JSON.stringify({
    v: state.machine.value,
    page: state.page,
    memo: state.memo ?? '',
    email: state.machine.matches({ signedOut: 'authenticating' } as never) ? c.mfa?.email : undefined,
    role: c.session?.role ?? null,
    shadow: c.session?.isShadow ?? false,
    cid: c.session?.companyId ?? null,
    held: Object.keys(c.userTokens).sort(),
    refreshInUse: c.refreshingWith !== null && c.refreshingWith === c.session?.refreshToken,
  });
}

export { sessionMachine };
