import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The stream bench's load generator, a process of its own so that its parsing never shares the server's event loop:
 * opens COUNT `GET /api/stream` connections, then records, for every `event: reading` frame on every connection, how
 * long after its reading's `ts` it arrived (the parent stamps each reading with the time it posts it). Talks to the
 * parent over IPC (advanced serialization, so the latencies travel as one typed array):
 * - to the parent: { type: 'ready', connected, failed } once every connection answered or failed;
 * - from the parent: { type: 'start' } when the readings begin, { type: 'stop' } after them; 'stop' is answered
 *   with { type: 'done', latencies, cpuUs, stallMs, disconnected }.
 * Usage: node --import tsx bench/stream-clients.ts URL TOKEN COUNT
 */

export interface ReadyMessage {
  type: 'ready';
  connected: number;
  failed: string[];
}
export interface DoneMessage {
  type: 'done';
  /** Ms from a reading's ts to its frame's arrival, every frame of every connection. */
  latencies: Float64Array;
  /** This process's CPU time (user + system) while the readings flowed, µs. */
  cpuUs: { user: number; system: number };
  /** The longest this process's event loop was held up meanwhile, ms: arrival times are only as good as it. */
  stallMs: number;
  /** Connections the server ended or that failed before the stop. */
  disconnected: number;
}
/** From the parent: 'start' just before the first reading is posted (CPU is counted from then), 'stop' after the last. */
export type ControlMessage = { type: 'start' } | { type: 'stop' };

const [url, token, countArg] = process.argv.slice(2);
const COUNT = Number(countArg);
/** Connections opened at once: the server's listen backlog (511) would drop a thousand simultaneous SYNs. */
const WAVE = 100;

class Latencies {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(x: number) {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = x;
  }
  done = () => this.data.slice(0, this.length);
}

const TS = '"ts":"';

async function main(): Promise<void> {
  if (!url || !token || !Number.isInteger(COUNT) || COUNT < 1 || !process.send) throw new Error('usage: fork bench/stream-clients.ts URL TOKEN COUNT');
  const send = (m: ReadyMessage | DoneMessage) => process.send!(m);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const latencies = new Latencies();
  const requests: http.ClientRequest[] = [];
  let stopping = false;
  let disconnected = 0;
  let cpuFrom: NodeJS.CpuUsage | null = null;
  const failed: string[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });

  // Frames are split by hand: a reading frame is `id: …\nevent: reading\ndata: {"feedId":…,"ts":"<ISO>",…}\n\n`, and
  // only its ts matters here, so it is cut out of the text rather than the whole JSON parsed.
  const onFrame = (frame: string, at: number) => {
    if (!frame.includes('\nevent: reading\n')) return;
    const i = frame.indexOf(TS);
    if (i < 0) return;
    const ts = Date.parse(frame.slice(i + TS.length, frame.indexOf('"', i + TS.length)));
    latencies.push(at - ts);
  };

  const open = () =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) {
          failed.push(`HTTP ${res.statusCode}`);
          res.resume();
          resolve();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        res.on('data', (chunk: string) => {
          const at = Date.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            // The server's first line: the subscription exists, so nothing posted from now on can be missed.
            if (!ready && frame.startsWith(': connected')) {
              ready = true;
              resolve();
            }
            onFrame(frame, at);
          }
        });
        res.on('close', () => {
          if (!stopping) disconnected++;
          resolve();
        });
      });
      req.on('error', (e) => {
        if (!stopping) failed.push(e.message);
        resolve();
      });
      requests.push(req);
    });

  for (let i = 0; i < COUNT; i += WAVE) await Promise.all(Array.from({ length: Math.min(WAVE, COUNT - i) }, () => open()));
  send({ type: 'ready', connected: COUNT - failed.length, failed: failed.slice(0, 5) });

  process.on('message', (m: ControlMessage) => {
    if (m.type === 'start') {
      cpuFrom = process.cpuUsage();
      loop.enable();
      return;
    }
    stopping = true;
    const cpu = process.cpuUsage(cpuFrom ?? undefined);
    loop.disable();
    for (const r of requests) r.destroy();
    agent.destroy();
    // The parent ends this process once it has the answer: exiting here could overtake a large message still in flight.
    send({ type: 'done', latencies: latencies.done(), cpuUs: { user: cpu.user, system: cpu.system }, stallMs: loop.max / 1e6, disconnected });
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
