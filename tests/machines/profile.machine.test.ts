import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { Me, Session } from '../../src/api/contract/auth';
import type { UpdateProfileRequest } from '../../src/api/contract/profile';
import { profileMachine, type PasswordValues } from '../../src/machines/profile.machine';
import { session } from './session-fixtures';

const apiError = (status: number, message: string, code = 'x', details?: unknown) => Object.assign(new Error(message), { status, code, details });
const me = (over: Partial<Me> = {}): Me => ({ id: 'u1', name: 'Uma', email: 'user@sitewatch.test', locale: 'en', platformRole: null, memberships: [], ...over });

/** A stand-in for a global actor: it records what it receives. */
function receiver() {
  const got: EventObject[] = [];
  const ref = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => got.push(e)))).start();
  return { ref, got };
}

interface Fakes {
  load?: () => Promise<Me>;
  save?: (body: UpdateProfileRequest) => Promise<Me>;
  change?: (body: PasswordValues) => Promise<Session>;
  shadowing?: boolean;
}

function start(f: Fakes = {}) {
  const calls = { load: 0, save: [] as UpdateProfileRequest[], change: [] as PasswordValues[] };
  const sessionActor = receiver();
  const preferences = receiver();
  const notices = receiver();
  const actor = createActor(
    profileMachine.provide({
      actors: {
        loadProfile: fromPromise<Me>(() => {
          calls.load++;
          return f.load ? f.load() : Promise.resolve(me());
        }),
        saveProfile: fromPromise<Me, UpdateProfileRequest>(({ input }) => {
          calls.save.push(input);
          return f.save ? f.save(input) : Promise.resolve(me({ name: input.name, locale: input.locale }));
        }),
        changePassword: fromPromise<Session, PasswordValues>(({ input }) => {
          calls.change.push(input);
          return f.change ? f.change(input) : Promise.resolve(session());
        }),
      },
    }),
    { input: { session: sessionActor.ref, preferences: preferences.ref, notices: notices.ref, shadowing: f.shadowing ?? false } },
  ).start();
  return { actor, calls, session: sessionActor.got, preferences: preferences.got, notices: notices.got };
}

type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches({ details: 'editing' }));
const fillPassword = (actor: Actor, v: PasswordValues) => {
  for (const field of ['currentPassword', 'password', 'confirmPassword'] as const) actor.send({ type: 'changePassword.change', field, value: v[field] });
};

describe('profile machine: details', () => {
  it('loads the profile (GET /api/me) into the form', async () => {
    const { actor, calls } = start({ load: async () => me({ name: 'Ada', locale: 'fr' }) });
    expect(actor.getSnapshot().matches({ details: 'loading' })).toBe(true);
    await ready(actor);
    expect(calls.load).toBe(1);
    expect(actor.getSnapshot().context.details.values).toEqual({ name: 'Ada', locale: 'fr' });
    expect(actor.getSnapshot().context.profile?.email).toBe('user@sitewatch.test');
  });

  it('a failed load can be retried', async () => {
    let n = 0;
    const { actor, calls } = start({ load: async () => (n++ === 0 ? Promise.reject(apiError(500, 'Internal error')) : me()) });
    await waitFor(actor, (s) => s.matches({ details: 'loadFailed' }));
    expect(actor.getSnapshot().context.loadFailure).toMatchObject({ status: 500, key: 'failure.server' });
    actor.send({ type: 'profile.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.loadFailure).toBeNull();
    expect(calls.load).toBe(2);
  });

  it('saves name and language; a new language goes to preferences, with a notice that outlives the rebuilt page', async () => {
    const { actor, calls, preferences, notices, session: toSession } = start();
    await ready(actor);
    actor.send({ type: 'profile.change', field: 'name', value: '  Uma Renamed ' });
    actor.send({ type: 'profile.change', field: 'locale', value: 'es' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches({ details: 'saving' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ details: { editing: 'saved' } }));
    expect(calls.save).toEqual([{ name: 'Uma Renamed', locale: 'es' }]);
    expect(preferences).toEqual([{ type: 'preferences.language', locale: 'es' }]);
    expect(notices).toEqual([{ type: 'notice.show', level: 'info', key: 'account.profile.saved' }]);
    expect(actor.getSnapshot().context.profile?.locale).toBe('es');
    expect(toSession).toEqual([{ type: 'session.info', name: 'Uma Renamed', locale: 'es' }]);
  });

  it('an unchanged language leaves preferences alone (the saved state says it)', async () => {
    const { actor, preferences, notices } = start();
    await ready(actor);
    actor.send({ type: 'profile.change', field: 'name', value: 'Uma B' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ details: { editing: 'saved' } }));
    expect(preferences).toEqual([]);
    expect(notices).toEqual([]);
    actor.send({ type: 'profile.change', field: 'name', value: 'Uma C' });
    expect(actor.getSnapshot().matches({ details: { editing: 'idle' } })).toBe(true);
  });

  it('an empty name is refused without a call', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'profile.change', field: 'name', value: '   ' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().context.details.errors).toEqual({ name: [{ key: 'account.name.required' }] });
    expect(calls.save).toEqual([]);
  });

  it('a failed save is shown and keeps the values', async () => {
    const { actor } = start({ save: () => Promise.reject(apiError(400, 'name: Too big', 'bad_request', [{ path: 'name' }])) });
    await ready(actor);
    actor.send({ type: 'profile.change', field: 'name', value: 'Uma X' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ details: { editing: 'failed' } }));
    expect(actor.getSnapshot().context.details.failure).toMatchObject({ key: 'failure.badRequest', field: 'name' });
    expect(actor.getSnapshot().context.details.values.name).toBe('Uma X');
  });
});

describe('profile machine: change password', () => {
  it('changes the password and hands the new session to the session actor (session.adopt)', async () => {
    const fresh = session({ accessToken: 'fresh' });
    const { actor, calls, session: sent } = start({ change: async () => fresh });
    await ready(actor);
    fillPassword(actor, { currentPassword: 'Oldpass12', password: 'Newpass12', confirmPassword: 'Newpass12' });
    actor.send({ type: 'changePassword.submit' });
    expect(actor.getSnapshot().matches({ password: 'submitting' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ password: { editing: 'changed' } }));
    expect(calls.change).toEqual([{ currentPassword: 'Oldpass12', password: 'Newpass12', confirmPassword: 'Newpass12' }]);
    expect(sent).toEqual([{ type: 'session.adopt', session: fresh }]);
    // The form is emptied: passwords do not stay in memory after use.
    expect(actor.getSnapshot().context.password.values).toEqual({ currentPassword: '', password: '', confirmPassword: '' });
  });

  it('works while the profile is still loading (the two forms are independent)', async () => {
    const { actor } = start({ load: () => new Promise(() => {}) });
    fillPassword(actor, { currentPassword: 'Oldpass12', password: 'Newpass12', confirmPassword: 'Newpass12' });
    actor.send({ type: 'changePassword.submit' });
    await waitFor(actor, (s) => s.matches({ password: { editing: 'changed' } }));
    expect(actor.getSnapshot().matches({ details: 'loading' })).toBe(true);
  });

  it('refuses a mismatch, a weak password and an empty current password', async () => {
    const { actor, calls, session: sent } = start();
    await ready(actor);
    fillPassword(actor, { currentPassword: '', password: 'weak', confirmPassword: 'other' });
    actor.send({ type: 'changePassword.submit' });
    const { errors } = actor.getSnapshot().context.password;
    expect(errors.currentPassword).toEqual([{ key: 'account.currentPassword.required' }]);
    expect(errors.password?.map((m) => m.part)).toEqual(['length', 'upper', 'digit']);
    expect(errors.confirmPassword).toEqual([{ key: 'account.confirm.mismatch' }]);
    expect(calls.change).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('a wrong current password is shown on that field and the session is left alone', async () => {
    const { actor, session: sent } = start({
      change: () => Promise.reject(apiError(400, 'The current password is not correct', 'invalid_password', [{ path: 'currentPassword', message: 'x' }])),
    });
    await ready(actor);
    fillPassword(actor, { currentPassword: 'Wrong1234', password: 'Newpass12', confirmPassword: 'Newpass12' });
    actor.send({ type: 'changePassword.submit' });
    await waitFor(actor, (s) => s.matches({ password: { editing: 'failed' } }));
    expect(actor.getSnapshot().context.password.failure).toMatchObject({ key: 'failure.wrongPassword', field: 'currentPassword' });
    expect(sent).toEqual([]);
  });
});

describe('profile machine: shadowing', () => {
  it('is read-only: neither form submits (the server would answer 403, which ends the session)', async () => {
    const { actor, calls } = start({ shadowing: true });
    await ready(actor);
    actor.send({ type: 'profile.change', field: 'name', value: 'Someone else' });
    actor.send({ type: 'profile.save' });
    fillPassword(actor, { currentPassword: 'Oldpass12', password: 'Newpass12', confirmPassword: 'Newpass12' });
    actor.send({ type: 'changePassword.submit' });
    expect(actor.getSnapshot().matches({ details: { editing: 'idle' }, password: { editing: 'idle' } })).toBe(true);
    expect(calls.save).toEqual([]);
    expect(calls.change).toEqual([]);
  });
});
