import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { Me } from '../../src/api/contract/auth';
import type { Form } from '../../src/machines/form';
import { signUpMachine, validateSignUp, type SignUpValues } from '../../src/machines/sign-up.machine';
import { forgotPasswordMachine } from '../../src/machines/forgot-password.machine';
import { resetPasswordMachine, validateReset } from '../../src/machines/reset-password.machine';
import { profileMachine, validateDetails, validatePassword, type ProfileContext } from '../../src/machines/profile.machine';
import { session } from '../machines/session-fixtures';
import { buildModel, expectSameState, printCoverage } from './model-coverage';

// The account machines name each invoke after its actor, so a model step "xstate.done.actor.<id>" answers that actor.
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const err = (status: number, code = 'e') => ({ status, code, message: `e${status}` });

/**
 * The model traverses the pure transition function, which starts without input; this binds the input a running
 * actor would get, keeping every state node and transition of the machine as it is.
 */
function withInput<M extends AnyStateMachine>(machine: M, input: unknown): M {
  const context = machine.config.context as (args: object) => unknown;
  return createMachine({ ...machine.config, context: (args: object) => context({ ...args, input }) } as never).provide(machine.implementations as never) as unknown as M;
}

/** A stand-in for the global actors the profile machine sends to. */
const receiver = () => createActor(fromCallback<EventObject>(() => {})).start();

/** Plays every generated path on a running actor whose network actors wait until the path answers them. */
async function replay(machine: AnyStateMachine, sources: string[], paths: ReturnType<typeof buildModel>['paths']) {
  for (const path of paths) {
    const pending: Record<string, { resolve(v: unknown): void; reject(e: unknown): void }> = {};
    const deferred = (id: string) => fromPromise(() => new Promise((resolve, reject) => (pending[id] = { resolve, reject })));
    const actor = createActor(machine.provide({ actors: Object.fromEntries(sources.map((s) => [s, deferred(s)])) } as never)).start();
    for (const step of path.steps) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(step.event.type);
      if (m) {
        const p = pending[m[2]!];
        expect(p, `path step ${step.event.type}: no pending ${m[2]} call`).toBeDefined();
        delete pending[m[2]!];
        if (m[1] === 'done') p!.resolve((step.event as unknown as { output: unknown }).output);
        else p!.reject((step.event as unknown as { error: unknown }).error);
      } else if (step.event.type !== 'xstate.init') {
        actor.send(step.event);
      }
      try {
        await expectSameState(actor, step.state, path.key);
      } catch (e) {
        console.log('failing path:\n' + path.steps.map((st) => `${JSON.stringify(st.event).slice(0, 90)}\n    => ${path.key(st.state)}`).join('\n'));
        throw e;
      }
    }
    actor.stop();
  }
}

/** Which fields of a form hold a valid value: what the submit guards read, and bounded. */
const validity = <V extends object>(form: Form<V>, validate: (v: V) => Partial<Record<string, unknown[]>>) =>
  Object.entries(validate(form.values))
    .filter(([, l]) => !l?.length)
    .map(([k]) => k)
    .sort()
    .join(',');

describe('sign-up machine, model-based', () => {
  const serialize = (s: AnyMachineSnapshot) =>
    JSON.stringify({ v: s.value, ok: validity((s.context as { form: Form<SignUpValues> }).form, validateSignUp) });
  const model = buildModel({
    machine: signUpMachine,
    events: [
      { type: 'signup.change', field: 'name', value: 'Nia' },
      { type: 'signup.change', field: 'name', value: ' ' },
      { type: 'signup.change', field: 'email', value: 'nia@example.test' },
      { type: 'signup.change', field: 'password', value: 'Abcdefg1' },
      { type: 'signup.change', field: 'confirmPassword', value: 'Abcdefg1' },
      { type: 'signup.change', field: 'acceptTerms', value: true },
      { type: 'signup.blur', field: 'email' },
      { type: 'signup.submit' },
      done('signup', { created: true }),
      fail('signup', err(429)),
    ],
    serialize,
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('sign-up', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(signUpMachine, ['signup'], model.paths);
  }, 60_000);
});

describe('forgot-password machine, model-based', () => {
  const serialize = (s: AnyMachineSnapshot) =>
    JSON.stringify({ v: s.value, email: (s.context as { form: Form<{ email: string }> }).form.values.email.includes('@') });
  const model = buildModel({
    machine: forgotPasswordMachine,
    events: [
      { type: 'forgot.change', field: 'email', value: 'nia@example.test' },
      { type: 'forgot.change', field: 'email', value: 'nia' },
      { type: 'forgot.blur', field: 'email' },
      { type: 'forgot.submit' },
      done('forgotPassword', { sent: true }),
      fail('forgotPassword', err(0, 'network_error')),
    ],
    serialize,
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('forgot-password', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(forgotPasswordMachine, ['forgotPassword'], model.paths);
  }, 60_000);
});

describe('reset-password machine, model-based', () => {
  const machine = withInput(resetPasswordMachine, { token: 'tok' });
  const serialize = (s: AnyMachineSnapshot) =>
    JSON.stringify({ v: s.value, ok: validity((s.context as { form: Form<{ password: string; confirmPassword: string }> }).form, validateReset) });
  const model = buildModel({
    machine,
    events: [
      done('verifyResetToken', { valid: true }),
      fail('verifyResetToken', err(400, 'invalid_token')),
      fail('verifyResetToken', err(0, 'network_error')),
      { type: 'reset.retry' },
      { type: 'reset.change', field: 'password', value: 'Newpass12' },
      { type: 'reset.change', field: 'confirmPassword', value: 'Newpass12' },
      { type: 'reset.change', field: 'confirmPassword', value: 'Newpass13' },
      { type: 'reset.blur', field: 'password' },
      { type: 'reset.submit' },
      done('resetPassword', { reset: true }),
      fail('resetPassword', err(400, 'invalid_token')),
      fail('resetPassword', err(429)),
    ],
    serialize,
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('reset-password', model.coverage);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, ['verifyResetToken', 'resetPassword'], model.paths);
  }, 60_000);
});

describe('profile machine, model-based', () => {
  const me = (over: Partial<Me> = {}): Me => ({ id: 'u1', name: 'Uma', email: 'user@sitewatch.test', locale: 'en', platformRole: null, memberships: [], ...over });
  const machine = withInput(profileMachine, { session: receiver(), preferences: receiver(), notices: receiver(), shadowing: false });
  const serialize = (s: AnyMachineSnapshot) => {
    const c = s.context as ProfileContext;
    return JSON.stringify({ v: s.value, d: validity(c.details, validateDetails), p: validity(c.password, validatePassword) });
  };
  const model = buildModel({
    machine,
    events: [
      done('loadProfile', me()),
      fail('loadProfile', err(500)),
      { type: 'profile.retry' },
      { type: 'profile.change', field: 'name', value: '' },
      { type: 'profile.change', field: 'name', value: 'Uma B' },
      { type: 'profile.change', field: 'locale', value: 'es' },
      { type: 'profile.blur', field: 'name' },
      { type: 'profile.save' },
      done('saveProfile', me({ name: 'Uma B', locale: 'es' })),
      fail('saveProfile', err(400, 'bad_request')),
      { type: 'changePassword.change', field: 'currentPassword', value: 'Oldpass12' },
      { type: 'changePassword.change', field: 'password', value: 'Newpass12' },
      { type: 'changePassword.change', field: 'confirmPassword', value: 'Newpass12' },
      { type: 'changePassword.blur', field: 'password' },
      { type: 'changePassword.submit' },
      done('changePassword', session()),
      fail('changePassword', err(400, 'invalid_password')),
    ],
    serialize,
  });
  it('covers every state and transition, and the machine follows every path', async () => {
    printCoverage('profile', model.coverage);
    console.log(`model paths profile: shortest ${model.counts.shortest}, simple ${model.counts.simple}, self-loops ${model.counts.selfLoops}`);
    expect(model.coverage.missingStates).toEqual([]);
    expect(model.coverage.missingTransitions).toEqual([]);
    await replay(machine, ['loadProfile', 'saveProfile', 'changePassword'], model.paths);
  }, 120_000);
});
