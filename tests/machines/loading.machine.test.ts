import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import { loadingMachine } from '../../src/machines/loading.machine';

describe('loading machine', () => {
  it('counts requests up and down and shows busy while any is under way', () => {
    const a = createActor(loadingMachine).start();
    a.send({ type: 'loading.start' });
    a.send({ type: 'loading.start' });
    expect(a.getSnapshot().context.count).toBe(2);
    expect(a.getSnapshot().hasTag('busy')).toBe(true);
    a.send({ type: 'loading.stop' });
    expect(a.getSnapshot().hasTag('busy')).toBe(true);
    a.send({ type: 'loading.stop' });
    expect(a.getSnapshot().context.count).toBe(0);
    expect(a.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('ignores requests flagged to ignore loading', () => {
    const a = createActor(loadingMachine).start();
    a.send({ type: 'loading.start', ignoreLoading: true });
    expect(a.getSnapshot().context.count).toBe(0);
    a.send({ type: 'loading.start' });
    a.send({ type: 'loading.stop', ignoreLoading: true });
    expect(a.getSnapshot().context.count).toBe(1);
  });

  it('never goes below 0 and always equals the counted starts minus stops, floored at 0', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ start: fc.boolean(), ignore: fc.boolean() }), { maxLength: 200 }), (ops) => {
        const a = createActor(loadingMachine).start();
        let model = 0;
        for (const op of ops) {
          a.send({ type: op.start ? 'loading.start' : 'loading.stop', ignoreLoading: op.ignore });
          if (!op.ignore) model = op.start ? model + 1 : Math.max(0, model - 1);
          const snap = a.getSnapshot();
          if (snap.context.count !== model || snap.context.count < 0) return false;
          if (snap.hasTag('busy') !== model > 0) return false;
        }
        return true;
      }),
    );
  });
});
