import { fromCallback, fromPromise } from 'xstate';
import type { DisplayTheme } from '../api/contract/displays';
import type { WallEvent } from './wall.machine';

// The browser side of a wall display (wall.machine.ts): its keys, its theme, its full screen and its reload.

const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** Full screen on and off: a wall is usually set up once with a keyboard, then left. */
function toggleFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  // Refused without a user gesture or where full screen is not allowed (an iframe): the page stays as it is.
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/**
 * The wall's keys: Space pauses and resumes, the arrows step through the playlist (mirrored in right-to-left
 * languages, where the next site is to the left), `f` toggles full screen. A key on a control (a button) is the
 * control's.
 */
export const wallKeyboard = fromCallback<WallEvent>(({ sendBack }) => {
  if (typeof document === 'undefined') return;
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.isComposing || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const rtl = document.documentElement.dir === 'rtl';
    const onButton = e.target instanceof HTMLElement && e.target.closest('button') !== null;
    if (e.key === ' ' && !onButton) sendBack({ type: 'wall.pause' });
    else if (e.key === 'ArrowRight') sendBack({ type: rtl ? 'wall.previous' : 'wall.next' });
    else if (e.key === 'ArrowLeft') sendBack({ type: rtl ? 'wall.next' : 'wall.previous' });
    else if (e.key === 'f' || e.key === 'F') toggleFullscreen();
    else return;
    e.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
});

/** The display's theme on the whole page while the wall runs, whatever this browser's own choice; given back after. */
export const wallTheme = fromCallback<WallEvent, { theme: DisplayTheme }>(({ input }) => {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  const before = html.dataset.mode;
  html.dataset.mode = input.theme;
  return () => {
    if (before === undefined) delete html.dataset.mode;
    else html.dataset.mode = before;
  };
});

/** A new deployment: the page loads again, with the new build's code (the service worker hands it out). */
export const reloadPage = fromPromise<void, void>(async () => {
  location.reload();
});
