import { z } from 'zod';
import { alertEvent } from './alerts';
import { id } from './common';

/** docs/product.md, Live updates: what `GET /api/stream` sends, by SSE event name. */
export const streamReading = z.object({ feedId: id, ts: z.string(), value: z.number() });
export type StreamReading = z.infer<typeof streamReading>;

/** An export job as the stream announces it (docs/product.md, Exports); the exports list reads the same shape. */
export const streamExport = z.object({
  id,
  siteId: id,
  kind: z.enum(['readings', 'readings-minmax']),
  status: z.enum(['Pending', 'Sent', 'Error']),
  progress: z.number().min(0).max(1),
  rowCount: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type StreamExport = z.infer<typeof streamExport>;

export const streamMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reading'), data: streamReading }),
  z.object({ type: z.literal('alert'), data: alertEvent }),
  z.object({ type: z.literal('export'), data: streamExport }),
]);
export type StreamMessage = z.infer<typeof streamMessage>;
