import { z } from 'zod';

/** `GET /api/dev/outbox?to=` (docs/product.md, Demo world): one recipient's mail; the list of everyone's is not offered. */
export const outboxQuery = z.object({ to: z.string().trim().toLowerCase().min(3, 'is required: whose mail').max(254) });
/** The `/dev/mail` page: the same, with a form to name the recipient first. */
export const outboxPageQuery = z.object({ to: z.string().trim().toLowerCase().max(254).optional() });
export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  at: z.string(),
});
export const outboxResponse = z.array(outboxMail);
export type OutboxMail = z.infer<typeof outboxMail>;
