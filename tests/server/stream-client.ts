import { sseParser, type SseMessage } from '../../src/api/sse';

/** An open `GET /api/stream` of a listening test server, read as a browser or a wall page reads it. */
export interface OpenStream {
  status: number;
  messages: SseMessage[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(pred: (m: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  close(): void;
}

/** A real HTTP stream against a listening server. */
export async function openStream(base: string, headers: Record<string, string>): Promise<OpenStream> {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/stream`, { headers, signal: ctrl.signal });
  const messages: SseMessage[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.body) {
    const parse = sseParser();
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          messages.push(...parse(value));
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: res.status,
    messages,
    ended,
    close: () => ctrl.abort(),
    async waitFor(pred, ms = 2_000) {
      const until = Date.now() + ms;
      for (;;) {
        const hit = messages.find(pred);
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no matching message in ${ms} ms; got ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

