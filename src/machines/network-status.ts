import { fromCallback } from 'xstate';

export type NetworkEvent = { type: 'network.online' } | { type: 'network.offline' };

// The browser's idea of being online, as events: the DOM side of machines that pause while offline.

/** Sends `network.offline` at once when the browser starts offline, then each change. Without a DOM, nothing. */
export const networkStatus = fromCallback<NetworkEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return () => {};
  const online = () => sendBack({ type: 'network.online' });
  const offline = () => sendBack({ type: 'network.offline' });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});
