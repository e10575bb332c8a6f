import crypto from 'node:crypto';
import { now } from '../clock';

/** docs/product.md, Live updates: a reconnect with Last-Event-ID misses nothing kept this long. */
export const REPLAY_MS = 5 * 60_000;
/** A bound on the replay buffer whatever the rate, so a burst cannot grow memory without limit. */
export const REPLAY_MAX = 50_000;

export type LiveKind = 'reading' | 'alert' | 'export';

/** One message for the browsers of one company (and, for wall displays, one site; for an export job, one person). */
export interface LiveMessage {
  id: string;
  kind: LiveKind;
  companyId: string;
  siteId: string | null;
  /** Set: only this person's streams get it (an export job is its owner's, as `GET /api/export-jobs` is). */
  userId?: string;
  data: unknown;
  at: number;
}

export type LiveInput = Omit<LiveMessage, 'id' | 'at'>;

export interface LiveFilter {
  companyId: string;
  /** The person signed in on the stream; a wall display has none, so it never gets a message meant for one. */
  userId?: string;
  /** A wall display sees only its sites. */
  siteIds?: readonly string[];
  /** A wall display sees readings and alerts, never a person's export jobs. */
  kinds?: readonly LiveKind[];
}

/**
 * Whether a message is one person's: export jobs always are, so one published without its owner reaches nobody
 * rather than the whole company.
 */
const personal = (m: LiveMessage) => m.userId !== undefined || m.kind === 'export';

const matches = (f: LiveFilter, m: LiveMessage) =>
  m.companyId === f.companyId &&
  (!personal(m) || (m.userId !== undefined && m.userId === f.userId)) &&
  (!f.siteIds || (m.siteId !== null && f.siteIds.includes(m.siteId))) &&
  (!f.kinds || f.kinds.includes(m.kind));

/** How messages reach every instance: in process on SQLite, through PostgreSQL's NOTIFY when instances share one. */
export interface LiveTransport {
  send(messages: LiveMessage[]): Promise<void>;
  /** Starts delivering what any instance sent (this one included) to `deliver`. */
  start(deliver: (messages: LiveMessage[]) => void): Promise<void>;
  close(): Promise<void>;
}

export const localTransport = (): LiveTransport => {
  let deliver: (messages: LiveMessage[]) => void = () => {};
  return {
    send: async (messages) => deliver(messages),
    start: async (d) => {
      deliver = d;
    },
    close: async () => {},
  };
};

/**
 * The live hub: what was stored is published once, reaches every instance through the transport, and each instance
 * hands it to its own subscribers (the open streams) and keeps it five minutes for reconnects. Ids are made by the
 * publishing instance and are unique across instances; a reconnect resumes after its id in this instance's order.
 */
export class LiveHub {
  private readonly instance = crypto.randomBytes(3).toString('hex');
  private seq = 0;
  private readonly kept: LiveMessage[] = [];
  private readonly subscribers = new Set<{ filter: LiveFilter; deliver: (m: LiveMessage) => void }>();

  constructor(private readonly transport: LiveTransport = localTransport()) {}

  async start(): Promise<void> {
    await this.transport.start((messages) => this.receive(messages));
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /** Publishes messages; never throws (a live update lost is re-read by the page, a failed ingest is not). */
  async publish(inputs: LiveInput[]): Promise<void> {
    if (inputs.length === 0) return;
    const at = now();
    const messages = inputs.map((m) => ({ ...m, id: `${at.toString(36)}-${this.instance}-${(this.seq++).toString(36)}`, at }));
    await this.transport.send(messages).catch((e: unknown) => console.error(`live: publish failed (${e instanceof Error ? e.message : String(e)})`));
  }

  /** The messages after `lastId` that the filter lets through; null when that id is no longer kept (or never was). */
  since(lastId: string, filter: LiveFilter): LiveMessage[] | null {
    const at = this.kept.findIndex((m) => m.id === lastId);
    if (at < 0) return null;
    return this.kept.slice(at + 1).filter((m) => matches(filter, m));
  }

  subscribe(filter: LiveFilter, deliver: (m: LiveMessage) => void): () => void {
    const sub = { filter, deliver };
    this.subscribers.add(sub);
    return () => this.subscribers.delete(sub);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private receive(messages: LiveMessage[]) {
    this.kept.push(...messages);
    const cutoff = now() - REPLAY_MS;
    let drop = 0;
    while (drop < this.kept.length && (this.kept[drop]!.at < cutoff || this.kept.length - drop > REPLAY_MAX)) drop++;
    if (drop) this.kept.splice(0, drop);
    for (const m of messages) for (const s of this.subscribers) if (matches(s.filter, m)) s.deliver(m);
  }
}
