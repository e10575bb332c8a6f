import { fromCallback, type EventObject } from 'xstate';

/** Work done in slices: `run` goes on until `deadline` (performance.now()) and answers truthy once finished. */
export interface SlicedJob {
  run(deadline: number): unknown;
}

// A job runs in slices this long, so that a keystroke arriving meanwhile waits for one slice at most.
const SLICE_MS = 4;

/**
 * An actor that runs a job without ever holding up a keystroke (the palette's ranking of the query typed so far): it
 * starts once the browser has painted what it has (the field with the new key), works in short slices between which
 * the browser handles input, and sends `done` when finished — the machine then takes the job's remembered result.
 * Stopping the actor (keys typed meanwhile re-enter the ranking state) cancels the job, so a burst of keys costs one
 * ranking, for the last of them. Without a visible document (tests, a hidden tab) the slices are plain tasks.
 */
export function afterPaint<TInput, TDone extends EventObject>(start: (input: TInput) => SlicedJob, done: TDone) {
  return fromCallback<EventObject, TInput, TDone>(({ sendBack, input }) => {
    const job = start(input);
    const browser = typeof document !== 'undefined' && typeof requestAnimationFrame === 'function' && typeof MessageChannel === 'function';
    // A message is a task without the 4 ms floor nested timers get.
    const channel = browser ? new MessageChannel() : null;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => (channel ? channel.port2.postMessage(null) : (timer = setTimeout(step, 0)));
    function step() {
      if (job.run(performance.now() + SLICE_MS)) sendBack(done);
      else next();
    }
    if (channel) channel.port1.onmessage = step;
    // A task queued from a frame callback runs after that frame's paint.
    if (browser && document.visibilityState === 'visible') frame = requestAnimationFrame(next);
    else next();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      clearTimeout(timer);
      channel?.port1.close();
    };
  });
}

/**
 * Resolves once the browser has painted what it has now (a task queued from a frame callback runs after that frame's
 * paint); at once without a visible document (tests, a hidden tab, where no frame may come).
 */
export function painted(): Promise<void> {
  const browser = typeof document !== 'undefined' && typeof requestAnimationFrame === 'function' && typeof MessageChannel === 'function';
  if (!browser || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}
