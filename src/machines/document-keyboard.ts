import { fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import type { commandPaletteMachine, PaletteEvent } from './command-palette.machine';

// The document's keyboard, an actor of the app machine: machine files hold behaviour, this file holds the DOM side.

const CHORD_MS = 1500;
const editable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/** Moves focus to the next or previous `[data-keyitem]` of the list around focus (or the page's first list). */
function moveInList(delta: number): boolean {
  const active = document.activeElement;
  const list = active?.closest('[data-keylist]') ?? document.querySelector('main [data-keylist]');
  if (!list) return false;
  const items = [...list.querySelectorAll<HTMLElement>('[data-keyitem]')].filter((i) => !i.hasAttribute('disabled'));
  if (!items.length) return false;
  const at = items.findIndex((i) => i === active || i.contains(active));
  const next = at < 0 ? (delta > 0 ? 0 : items.length - 1) : Math.max(0, Math.min(items.length - 1, at + delta));
  items[next]!.focus();
  items[next]!.scrollIntoView({ block: 'nearest' });
  return true;
}

/**
 * The document's keyboard: Ctrl+K / ⌘K anywhere; outside fields and dialogs `?`, `/` (the list filter), `j`/`k`
 * (focus within lists; Enter then opens the focused link) and two-key chords. Focus moves are plain DOM; anything
 * that means a command goes back to the machine, which resolves it against the commands.
 */
export const documentKeyboard = fromCallback<EventObject>(({ system }) => {
  // Tests run machines without a DOM.
  if (typeof document === 'undefined') return;
  let pending: { key: string; at: number } | null = null;
  // The palette is the app's actor under systemId 'palette'; looked up per key, as actors start in any order.
  const palette = () => system.get('palette') as ActorRefFrom<typeof commandPaletteMachine> | undefined;
  const sendBack = (e: PaletteEvent) => palette()?.send(e);
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.isComposing) return;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      sendBack({ type: 'palette.toggle' });
      return;
    }
    // Ctrl+K then typing at once: until the palette's field has focus, its characters go to the query, not to
    // the page's shortcuts.
    if (palette()?.getSnapshot().matches('open') && !editable(e.target) && !e.ctrlKey && !e.metaKey && !e.altKey && e.key.length === 1) {
      e.preventDefault();
      sendBack({ type: 'palette.type', text: e.key });
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || editable(e.target) || document.querySelector('dialog[open]')) return;
    if (pending && e.timeStamp - pending.at < CHORD_MS && e.key.length === 1) {
      const keys = `${pending.key} ${e.key.toLowerCase()}`;
      pending = null;
      e.preventDefault();
      sendBack({ type: 'keys.chord', keys });
      return;
    }
    pending = null;
    if (e.key === '?') {
      e.preventDefault();
      sendBack({ type: 'keys.chord', keys: '?' });
    } else if (e.key === '/') {
      const filter = document.querySelector<HTMLElement>('main [data-list-filter]');
      if (filter) {
        e.preventDefault();
        filter.focus();
      }
    } else if (e.key === 'j' || e.key === 'k') {
      if (moveInList(e.key === 'j' ? 1 : -1)) e.preventDefault();
    } else if (e.key === 'g' || e.key === 't') {
      pending = { key: e.key, at: e.timeStamp };
    }
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
});
