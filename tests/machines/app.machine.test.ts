import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../../src/machines/app.machine';
import { sessionMachine, type Restored, type StoreCommand } from '../../src/machines/session.machine';
import { preferencesMachine, DEFAULT_PREFERENCES } from '../../src/machines/preferences.machine';
import { layoutMachine } from '../../src/machines/layout.machine';
import { whiteLabelMachine, EMPTY_WHITE_LABEL } from '../../src/machines/white-label.machine';

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
});
