/** One Server-Sent Events message (WHATWG HTML, "Interpreting an event stream"). */
export interface SseMessage {
  event: string;
  data: string;
  /** The stream's last event id after this message (what a reconnect sends as Last-Event-ID). */
  id: string | null;
}

/**
 * An incremental SSE parser: feed it text as it arrives, in chunks cut anywhere, and it answers the messages
 * completed so far. Comments (`:` lines, the server's heartbeats) and fields it does not know are skipped; a message
 * without data is not dispatched, as the standard says.
 */
export function sseParser(startId: string | null = null) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId = startId;
  let sawCr = false;
  return (chunk: string): SseMessage[] => {
    const out: SseMessage[] = [];
    // A CR at the end of one chunk and an LF at the start of the next are one line break.
    if (sawCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    sawCr = chunk.endsWith('\r');
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n'), id: lastId });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id' && !value.includes('\0')) lastId = value;
    }
    return out;
  };
}
