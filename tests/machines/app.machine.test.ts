import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { appMachine } from '../../src/machines/app.machine';
import { sessionMachine, type Restored, type StoreCommand } from '../../src/machines/session.machine';

describe('app machine', () => {
  it('spawns session, loading and notices under their systemIds', () => {
    const session = sessionMachine.provide({
      actors: {
        sessionStore: fromCallback<StoreCommand>(() => {}),
        restoreSession: fromPromise<Restored>(async () => ({ session: null, userTokens: {}, unauthorizedCount: 0 })),
      },
    });
    const app = createActor(appMachine.provide({ actors: { session } })).start();
    for (const id of ['session', 'loading', 'notices']) expect(app.system.get(id), id).toBeDefined();
    app.system.get('loading')!.send({ type: 'loading.start' });
    expect(app.system.get('loading')!.getSnapshot().context.count).toBe(1);
    app.stop();
  });
});
