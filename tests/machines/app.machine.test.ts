import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { appMachine, type SignedInLogic } from '../../src/machines/app.machine';
import { sessionMachine, type Restored, type StoreCommand } from '../../src/machines/session.machine';
import { preferencesMachine, DEFAULT_PREFERENCES } from '../../src/machines/preferences.machine';
import { layoutMachine } from '../../src/machines/layout.machine';
import { whiteLabelMachine, EMPTY_WHITE_LABEL } from '../../src/machines/white-label.machine';
import { commandPaletteMachine } from '../../src/machines/command-palette.machine';
import { streamMachine } from '../../src/machines/stream.machine';
import { alertBadgeMachine } from '../../src/machines/alert-badge.machine';
import { exportsMachine } from '../../src/machines/exports.machine';

/** The app with every global actor's I/O replaced: no DOM, storage or network. */
export function testApp() {
  const noop = fromCallback(() => {}) as never;
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
        actors: {
          sessionStore: fromCallback<StoreCommand>(() => {}),
          restoreSession: fromPromise<Restored>(async () => ({ session: null, userTokens: {}, unauthorizedCount: 0 })),
        },
      }),
      preferences: preferencesMachine.provide({ actors: { preferencesStore: noop, loadPreferences: fromPromise(async () => DEFAULT_PREFERENCES) } }),
      layout: layoutMachine.provide({ actors: { viewport: noop } }),
      whiteLabel: whiteLabelMachine.provide({
        actors: { branding: noop, restoreWhiteLabel: fromPromise(async () => ({})), fetchWhiteLabel: fromPromise(async () => EMPTY_WHITE_LABEL) },
      }),
    },
  });
}

describe('app machine', () => {
  it('spawns every global actor under its systemId, with the host name and width it was started with', () => {
    const app = createActor(testApp(), { input: { domain: 'watch.example.com', width: 500 } }).start();
    for (const id of ['session', 'loading', 'notices', 'preferences', 'layout', 'whiteLabel', 'companies']) expect(app.system.get(id), id).toBeDefined();
    app.system.get('loading')!.send({ type: 'loading.start' });
    expect(app.system.get('loading')!.getSnapshot().context.count).toBe(1);
    expect(app.system.get('whiteLabel')!.getSnapshot().context.domain).toBe('watch.example.com');
    expect(app.system.get('layout')!.getSnapshot().context.view).toBe('mobile');
    app.stop();
  });

  it('starts the signed-in actors under their systemIds when their logic arrives, once', () => {
    const app = createActor(testApp(), { input: { domain: 'watch.example.com' } }).start();
    const ids = ['palette', 'stream', 'alertBadge', 'exports'];
    for (const id of ids) expect(app.system.get(id), id).toBeUndefined();
    let keyboards = 0;
    const logic: SignedInLogic = {
      palette: commandPaletteMachine,
      keyboard: fromCallback<EventObject>(() => {
        keyboards++;
      }),
      stream: streamMachine.provide({ actors: { networkStatus: fromCallback(() => {}) as never } }),
      alertBadge: alertBadgeMachine,
      exports: exportsMachine,
    };
    app.send({ type: 'signedIn.start', logic });
    for (const id of ids) expect(app.system.get(id)!.getSnapshot().status, id).toBe('active');
    const palette = app.system.get('palette');
    app.send({ type: 'signedIn.start', logic });
    expect(app.system.get('palette')).toBe(palette);
    expect(keyboards).toBe(1);
    app.stop();
  });
});
