import { ApiError, NETWORK_ERROR, openStreaming } from './client';
import { streamMessage, type StreamMessage } from './contract/stream';
import { sseParser } from './sse';

export interface StreamHandlers {
  /** The server accepted the stream: from now on messages flow. */
  onOpen(): void;
  /** One message, with the id a reconnect resumes after. */
  onMessage(message: StreamMessage, id: string | null): void;
}

export interface StreamOptions {
  lastEventId: string | null;
  /** A wall display reads with its key instead of a sign-in (docs/product.md, Wall displays). */
  displayKey?: string | null;
  signal: AbortSignal;
}

/**
 * `GET /api/stream` (docs/product.md, Live updates), read until the server ends it. Resolves when the stream ends, rejects with an
 * ApiError when it cannot open or breaks; what to do then (wait, reconnect with Last-Event-ID) is the stream
 * machine's decision. Messages that are not the contract's (a newer server's event kinds) are skipped.
 */
export async function readStream(opts: StreamOptions, on: StreamHandlers): Promise<void> {
  const headers: Record<string, string> = {};
  if (opts.lastEventId) headers['Last-Event-ID'] = opts.lastEventId;
  if (opts.displayKey) headers['X-Display-Key'] = opts.displayKey;
  const response = await openStreaming('/api/stream', { headers, signal: opts.signal, isPublic: Boolean(opts.displayKey) });
  if (!response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    throw new ApiError(response.status, 'invalid_response', 'The server answered in an unexpected shape');
  }
  on.onOpen();
  const parse = sseParser(opts.lastEventId);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const m of parse(value)) {
        let data: unknown;
        try {
          data = JSON.parse(m.data);
        } catch {
          continue;
        }
        const parsed = streamMessage.safeParse({ type: m.event, data });
        if (parsed.success) on.onMessage(parsed.data, m.id);
      }
    }
  } catch (e) {
    if (opts.signal.aborted) throw new ApiError(0, 'aborted', 'The request was cancelled');
    throw new ApiError(0, NETWORK_ERROR, e instanceof Error ? e.message : 'Network Error');
  } finally {
    reader.releaseLock();
  }
}
