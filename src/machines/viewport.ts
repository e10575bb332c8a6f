import { fromCallback, type EventObject } from 'xstate';

/** Reports the window size as layout.resize, now and on every resize; tests provide their own sizes instead. */
export const viewport = fromCallback<EventObject, void, { type: 'layout.resize'; width: number; height: number }>(({ sendBack }) => {
  const report = () => sendBack({ type: 'layout.resize', width: window.innerWidth, height: window.innerHeight });
  report();
  window.addEventListener('resize', report);
  return () => window.removeEventListener('resize', report);
});
