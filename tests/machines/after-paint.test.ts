import { afterEach, describe, expect, it, vi } from 'vitest';
import { painted } from '../../src/machines/after-paint';

/** `painted()`: after the next frame's paint in a visible page; at once where no frame may come. */
describe('painted', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves at once without a document (tests, workers)', async () => {
    await expect(painted()).resolves.toBeUndefined();
  });

  it('waits for the next frame, then a task after it, in a visible page', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    let done = false;
    const waiting = painted().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(done, 'no frame yet').toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    await waiting;
    expect(done).toBe(true);
  });

  it('does not wait for frames a hidden page never gets', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    await painted();
    expect(frames).toHaveLength(0);
  });
});
