import { fromCallback, type ActorRef, type EventObject, type Snapshot, type Subscription } from 'xstate';
import type { StreamEmitted } from './stream.machine';
import type { AlertEvent } from '../api/contract/alerts';
import type { StreamExport, StreamReading } from '../api/contract/stream';

/** What a page needs of the app's stream actor (stream.machine.ts): its messages, by kind. */
export type LiveSource = Pick<ActorRef<Snapshot<unknown>, EventObject, StreamEmitted>, 'on'>;

/** The page events the stream's messages become. */
export type LiveEvent =
  | { type: 'live.reading'; reading: StreamReading }
  | { type: 'live.alert'; event: AlertEvent }
  | { type: 'live.export'; job: StreamExport }
  /** The stream (re)opened after a gap: what happened beyond the kept window is for the page to re-read. */
  | { type: 'live.resumed' };

export type LiveKind = 'reading' | 'alert' | 'export';

/**
 * Turns the app's stream messages into a page's events, for the kinds the page shows (and always `live.resumed`).
 * Like the session (company-watch.ts), the stream comes in as input because pages run in actor systems of their own;
 * without one (tests, a page opened outside the app) nothing is heard.
 */
export const liveWatch = fromCallback<EventObject, { live: LiveSource | null; kinds: readonly LiveKind[] }>(({ input, sendBack }) => {
  const live = input.live;
  if (!live) return () => {};
  const subs: Subscription[] = [live.on('resumed', () => sendBack({ type: 'live.resumed' } satisfies LiveEvent))];
  if (input.kinds.includes('reading')) subs.push(live.on('reading', (e) => sendBack({ type: 'live.reading', reading: e.reading } satisfies LiveEvent)));
  if (input.kinds.includes('alert')) subs.push(live.on('alert', (e) => sendBack({ type: 'live.alert', event: e.event } satisfies LiveEvent)));
  if (input.kinds.includes('export')) subs.push(live.on('export', (e) => sendBack({ type: 'live.export', job: e.job } satisfies LiveEvent)));
  return () => subs.forEach((s) => s.unsubscribe());
});
