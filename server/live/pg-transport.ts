import pg from 'pg';
import type { LiveMessage, LiveTransport } from './hub';

const CHANNEL = 'sitewatch_live';
/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7_900;
const RECONNECT_MS = 1_000;

/** Messages packed into as few payloads as fit; one that cannot fit alone is left out (and reported). */
export function packPayloads(messages: LiveMessage[], max = NOTIFY_MAX_BYTES): { payloads: string[]; tooLarge: LiveMessage[] } {
  const payloads: string[] = [];
  const tooLarge: LiveMessage[] = [];
  let batch: string[] = [];
  let size = 2;
  for (const m of messages) {
    const text = JSON.stringify(m);
    const bytes = Buffer.byteLength(text) + 1;
    if (bytes + 2 > max) {
      tooLarge.push(m);
      continue;
    }
    if (size + bytes > max) {
      payloads.push(`[${batch.join(',')}]`);
      batch = [];
      size = 2;
    }
    batch.push(text);
    size += bytes;
  }
  if (batch.length) payloads.push(`[${batch.join(',')}]`);
  return { payloads, tooLarge };
}

/**
 * Fan-out between instances sharing one PostgreSQL: every message is NOTIFYed on one channel and every instance
 * (the sender too) LISTENs on a connection of its own, so each delivers the same messages in the database's order.
 * Publishers keep messages small (a stream's alert is the event without its long history); one that does not fit a
 * payload is dropped with a log line, and the page re-reads on its next visit or reconnect.
 */
export function pgTransport(connectionString: string): LiveTransport {
  const sender = new pg.Pool({ connectionString, max: 2 });
  sender.on('error', (e) => console.error(`live: idle sender connection lost (${e.message})`));
  let listener: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const listen = async (deliver: (messages: LiveMessage[]) => void): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        deliver(JSON.parse(n.payload) as LiveMessage[]);
      } catch (e) {
        console.error(`live: unreadable notification (${e instanceof Error ? e.message : String(e)})`);
      }
    });
    // A lost listening connection is replaced; messages sent meanwhile are missed here, as a reconnecting browser's
    // would be past the replay window, and pages re-read on resume.
    client.on('error', (e) => {
      console.error(`live: listening connection lost (${e.message})`);
      void client.end().catch(() => {});
      if (!closed) timer = setTimeout(() => void listen(deliver).catch(() => {}), RECONNECT_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };

  return {
    async send(messages) {
      const { payloads, tooLarge } = packPayloads(messages);
      for (const m of tooLarge) console.error(`live: message ${m.kind} ${m.id} is too large to notify; left out`);
      for (const p of payloads) await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, p]);
    },
    start: listen,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await listener?.end().catch(() => {});
      await sender.end();
    },
  };
}
